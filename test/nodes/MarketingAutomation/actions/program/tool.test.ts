import type { IDataObject } from 'n8n-workflow';

import { useMarketing } from '../../helpers';

const AGENT_INPUT = { chatInput: 'Start the December webinar', sessionId: 'session-1' };

/** What a model reads when it runs the program operations as an AI agent's tool. */
describe('Marketing Automation v2: programs and tokens as an AI agent tool', () => {
	const env = useMarketing();
	const runAsTool = async (parameters: IDataObject, item: IDataObject) =>
		await env.runAsTool(parameters, item, { typeVersion: 2 });
	const cloneTemplate = {
		resource: 'program',
		operation: 'clone',
		program: { __rl: true, mode: 'id', value: '3003' },
		name: "={{ $fromAI('name', 'Name of the new program', 'string') }}",
		folder: { __rl: true, mode: 'id', value: '17' },
		additionalFields: {},
	};

	it('Clone answers the new program, whose ID the next call uses', async () => {
		const result = await runAsTool(cloneTemplate, {
			...AGENT_INPUT,
			name: 'December Webinar',
			toolCallId: 'call_1',
		});
		expect(result.error).toBeUndefined();
		expect(result.json()).toEqual([
			expect.objectContaining({ id: 4001, name: 'December Webinar', type: 'Event with Webinar' }),
		]);
	});

	it('a name in use: the message says what the service refused and what to do', async () => {
		const result = await runAsTool(cloneTemplate, {
			...AGENT_INPUT,
			name: 'December Webinar',
			toolCallId: 'call_2',
		});
		expect(result.error?.message).toMatch(
			/^Program 3003 was not cloned \(709\): Program name 'December Webinar' is already in use\. Do not retry: stop and tell the user that the service refused the call\. What the user can do: Programs holding push, in-app, social or report assets cannot be cloned, the new name must be unused in the whole instance/,
		);
	});

	it('a token name over 50 characters is refused before any call, with the bound', async () => {
		const result = await runAsTool(
			{
				resource: 'token',
				operation: 'createOrUpdate',
				owner: 'program',
				program: { __rl: true, mode: 'id', value: '4001' },
				tokens: {
					token: [
						{
							name: "={{ $fromAI('tokenName', 'Token name', 'string') }}",
							type: 'text',
							value: 'x',
						},
					],
				},
			},
			{ ...AGENT_INPUT, tokenName: 'T'.repeat(51), toolCallId: 'call_3' },
		);
		expect(result.error?.message).toBe(
			`Token 1 has the name "${'T'.repeat(51)}", longer than 50 characters. Change the argument 'tokenName' and call this tool again.`,
		);
		expect(env.sim.services.marketing.calls.filter((c) => c.method === 'POST')).toEqual([]);
	});
});

describe('Marketing Automation v2: Campaign → Schedule as an AI agent tool', () => {
	const env = useMarketing();

	it('a token without a name names the argument the model filled, not the Tokens list', async () => {
		const result = await env.runAsTool(
			{
				resource: 'campaign',
				operation: 'schedule',
				campaign: { __rl: true, mode: 'id', value: '1001' },
				additionalFields: { runAt: "={{ $fromAI('Run_At', 'When to run', 'string') }}" },
				tokens: {
					token: [
						{
							name: "={{ $fromAI('Name', 'Token name', 'string') }}",
							value: "={{ $fromAI('Value', 'Token value', 'string') }}",
						},
					],
				},
			},
			{ ...AGENT_INPUT, Run_At: '2027-01-05T10:00:00Z', Name: ' ', Value: 'x', toolCallId: 'c' },
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe(
			"A token has no name. Change the argument 'Name' and call this tool again.",
		);
		expect(env.sim.services.marketing.calls.filter((c) => c.method === 'POST')).toEqual([]);
	});
});
