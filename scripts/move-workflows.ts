/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- local tooling, never shipped */
/**
 * Moves exported workflows from the pack to the single-service packages (docs/packages.md):
 *
 *   npx tsx scripts/move-workflows.ts <exported.json> [<out.json>]
 *
 * Reads a workflow export (one workflow, or the array of `n8n export:workflow --all`), rewrites
 * the pack's node types to the single-service packages' and writes the result to `<out.json>`
 * (default: `<exported>.moved.json`). Prints how many nodes moved and which packages to install.
 */
import fs from 'node:fs';

import { moveWorkflows } from './workflowTypes';

function main(args: string[]): number {
	const [input, output = input?.replace(/(\.json)?$/, '.moved.json')] = args;
	if (!input) {
		process.stderr.write('usage: npx tsx scripts/move-workflows.ts <exported.json> [<out.json>]\n');
		return 2;
	}
	const report = moveWorkflows(JSON.parse(fs.readFileSync(input, 'utf8')));
	fs.writeFileSync(output, `${JSON.stringify(report.workflows, null, 2)}\n`);
	process.stdout.write(
		`${report.moved} node(s) moved; wrote ${output}.\n` +
			(report.packages.length > 0 ? `Install: ${report.packages.join(', ')}\n` : '') +
			(report.unknown.length > 0
				? `Left as they were (unknown): ${report.unknown.join(', ')}\n`
				: ''),
	);
	return 0;
}

process.exit(main(process.argv.slice(2)));
