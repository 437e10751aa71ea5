/**
 * Hostile input for the run operations (Agent → Run, Tool → Run), which check every item before
 * the first run: under Continue On Fail a bad item becomes its error item without a call, and the
 * good items still run once each; without it, nothing is sent at all.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { adminNode, recordCalls, runAdmin, US_BASE } from '../../helpers';
import { fastPolling } from '../../runs';
import { NOT_A_CONVERSATION_ID } from '../../messages';

const agent = { __rl: true, mode: 'id', value: 'agt-1' };
const tool = { __rl: true, mode: 'id', value: 'tool-1' };

function platform() {
	return recordCalls(US_BASE, (call) => {
		if (call.path === '/latest/agents/trigger') {
			return [200, { conversation_id: 'conv-1', state: 'starting-up' }];
		}
		if (call.path.endsWith('/metadata')) {
			return [200, { metadata: { conversation: { state: 'idle' } } }];
		}
		if (call.path.endsWith('/view')) {
			return [200, { results: [{ content: { type: 'agent-message', text: 'Done' } }] }];
		}
		return [200, { output: { ok: true }, errors: [] }];
	});
}

describe('Agent Platform › hostile input to runs', () => {
	beforeEach(() => fastPolling());
	afterEach(() => nock.cleanAll());

	it.each([
		[
			'a message that is an object',
			{ message: '={{ $json.v }}' },
			{ v: { nested: true } },
			"The 'Message' field of item 1 is an object, not text: map a single value, e.g. {{ $json.id }}",
		],
		[
			'a conversation ID with a slash',
			{ message: 'Hi', options: { conversationId: '={{ $json.v }}' } },
			{ v: 'conv/../x' },
			NOT_A_CONVERSATION_ID('conv/../x', 1),
		],
		[
			'a file address that is not on the web',
			{ message: 'Hi', options: { fileUrls: '={{ $json.v }}' } },
			{ v: 'file:///etc/passwd' },
			"'file:///etc/passwd' in the 'File URLs' field of item 1 is not a web address",
		],
	])(
		'Agent → Run refuses %s without a call; the good item runs',
		async (_case, parameters, bad, message) => {
			const calls = platform();
			const good: IDataObject = { v: parameters.message === 'Hi' ? '' : 'Hello' };
			const result = await runAdmin(
				adminNode({ resource: 'agent', operation: 'run', agentId: agent, ...parameters }, true),
				[good, bad as IDataObject],
			);
			expect(result.output()[1]).toEqual({
				json: { error: message, description: expect.any(String) },
				pairedItem: { item: 1 },
			});
			expect(result.output()[0].json).toMatchObject({ conversation_id: 'conv-1', reply: 'Done' });
			expect(calls.filter((c) => c.path === '/latest/agents/trigger')).toHaveLength(1);
		},
	);

	it('Tool → Run sends nothing when one item of many has inputs that are not an object', async () => {
		const calls = platform();
		const result = await runAdmin(
			adminNode({ resource: 'tool', operation: 'run', toolId: tool, inputsJson: '={{ $json.v }}' }),
			[{ v: { a: 1 } }, { v: { b: 2 } }, { v: '"text"' }],
		);
		expect(result.error?.message).toBe("The 'Inputs' field of item 2 is not a JSON object");
		expect(calls).toEqual([]);
	});

	it('Tool → Run under Continue On Fail: the bad item is an error item, the others run once each', async () => {
		const calls = platform();
		const result = await runAdmin(
			adminNode(
				{ resource: 'tool', operation: 'run', toolId: tool, inputsJson: '={{ $json.v }}' },
				true,
			),
			[{ v: { a: 1 } }, { v: '[1, 2]' }, { v: { c: 3 } }],
		);
		expect(result.output().map((o) => [o.json.error ?? o.json.output, o.pairedItem])).toEqual([
			[{ ok: true }, { item: 0 }],
			["The 'Inputs' field of item 1 is not a JSON object", { item: 1 }],
			[{ ok: true }, { item: 2 }],
		]);
		expect(calls.map((c) => c.body)).toEqual([
			{ params: { a: 1 }, project: 'proj-1' },
			{ params: { c: 3 }, project: 'proj-1' },
		]);
	});
});
