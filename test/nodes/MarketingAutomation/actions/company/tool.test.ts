import type { IDataObject } from 'n8n-workflow';

import { runWorkflow } from '../../../../harness';
import { CREDENTIAL, useMarketing } from '../../helpers';

const AGENT_INPUT = { chatInput: 'Add the company Example Inc', sessionId: 'session-1' };

describe('Marketing Automation v2: companies as an AI agent tool', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;
	const runAsTool = async (parameters: Record<string, unknown>, item: IDataObject) =>
		await runWorkflow({
			nodes: {
				type: 'marketingAutomationTool',
				parameters: parameters as never,
				credentialTypes: [CREDENTIAL],
				typeVersion: 2,
			},
			items: [item],
			credentials: env.credentials(),
		});

	it("Create or Update maps only the record the model sent, never the agent's input", async () => {
		const result = await runAsTool(
			{
				resource: 'company',
				operation: 'createOrUpdate',
				columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] },
			},
			{
				...AGENT_INPUT,
				record: { externalCompanyId: 'T-1', company: 'Example Inc' },
				toolCallId: 'call_1',
			},
		);
		expect(result.error).toBeUndefined();
		expect(
			sim()
				.callsTo('POST', '/rest/v1/companies.json')
				.map((c) => c.body),
		).toEqual([
			{ action: 'createOrUpdate', input: [{ externalCompanyId: 'T-1', company: 'Example Inc' }] },
		]);
		expect(result.json()).toEqual([
			{ status: 'created', externalCompanyId: 'T-1', id: expect.any(Number) },
		]);
	});

	it('Get Many tells the model found: false for a value without a company', async () => {
		const result = await runAsTool(
			{
				resource: 'company',
				operation: 'getAll',
				filterType: 'externalCompanyId',
				filterValues: "={{ $fromAI('ids', 'External company IDs, comma-separated', 'string') }}",
				returnAll: true,
				options: {},
			},
			{ ...AGENT_INPUT, ids: 'NO-SUCH', toolCallId: 'call_2' },
		);
		expect(result.json()).toEqual([{ found: false, externalCompanyId: 'NO-SUCH' }]);
	});

	it('the record the model sends must be an object: refused before any call', async () => {
		const result = await runAsTool(
			{
				resource: 'company',
				operation: 'createOrUpdate',
				columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] },
			},
			{ ...AGENT_INPUT, record: 'Example Inc', toolCallId: 'call_3' },
		);
		expect(result.error?.message).toBe(
			'The record of item 0 is "Example Inc", not an object of field names and values. Do not retry: stop and tell the user that the node\'s own settings need a change. What the user can do: Send the record as one JSON object, e.g. {"externalCompanyId": "C-1"}.',
		);
		expect(sim().calls).toEqual([]);
	});
});
