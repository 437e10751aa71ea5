/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test of a development script, never shipped */
import fs from 'node:fs';
import path from 'node:path';

import { startNodes, summary, type DemoOutcome } from '../../scripts/devCheck';

const EXAMPLES = path.resolve(__dirname, '../../examples');
const demos = fs
	.readdirSync(EXAMPLES)
	.filter((file) => file.endsWith('.json'))
	.map((file) => ({ file, json: JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) }));

describe('npm run dev -- --check', () => {
	it('finds where each demo starts: sticky notes and nodes something leads into are not starts', () => {
		const workflow = {
			nodes: [
				{ name: 'Note', type: 'n8n-nodes-base.stickyNote' },
				{ name: 'Start', type: 'n8n-nodes-base.manualTrigger' },
				{ name: 'Middle', type: 'n8n-nodes-base.set' },
				{ name: 'End', type: 'n8n-nodes-base.noOp' },
			],
			connections: {
				Start: { main: [[{ node: 'Middle', type: 'main', index: 0 }]] },
				Middle: { main: [[{ node: 'End', type: 'main', index: 0 }], null] },
			},
		};
		expect(startNodes(workflow).map((node) => node.name)).toEqual(['Start']);
	});

	it.each(demos)('$file starts at one trigger, which --check runs or activates', ({ json }) => {
		const starts = startNodes(json);
		expect(starts).toHaveLength(1);
		expect(starts[0].type).toMatch(/(manualTrigger|Trigger|\.webhook)$/);
	});

	it('prints one line per demo and fails the summary on any failure', () => {
		const outcome = (file: string, ok: boolean, detail: string): DemoOutcome => ({
			demo: { file, id: file, name: file, json: {} },
			how: 'run',
			ok,
			detail,
			ms: 1500,
		});
		expect(summary([outcome('a.json', true, 'execution 1 success, 3 nodes ran')])).toBe(
			'  ok    run       a.json                            1.5 s  execution 1 success, 3 nodes ran\n' +
				'  all 1 demos green',
		);
		expect(summary([outcome('a.json', true, 'x'), outcome('b.json', false, 'y')])).toMatch(
			/FAIL {2}run {7}b\.json.*\n {2}1 of 2 demos failed$/,
		);
	});
});
