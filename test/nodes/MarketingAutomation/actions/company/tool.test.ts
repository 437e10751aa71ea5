import type { IDataObject } from 'n8n-workflow';

import { useMarketing } from '../../helpers';
import { COMPANY_RECORD_NOT_AN_OBJECT, COMPANY_RECORD_WITHOUT_KEY } from '../../messages';

const AGENT_INPUT = { chatInput: 'Add the company Example Inc', sessionId: 'session-1' };

describe('Marketing Automation v2: companies as an AI agent tool', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;
	const runAsTool = async (parameters: IDataObject, item: IDataObject) =>
		await env.runAsTool(parameters, item, { typeVersion: 2 });

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
		expect(result.error?.message).toBe(COMPANY_RECORD_NOT_AN_OBJECT);
		expect(sim().calls).toEqual([]);
	});

	it('a record without its dedupe key names the field inside the argument, no write', async () => {
		const result = await runAsTool(
			{
				resource: 'company',
				operation: 'createOrUpdate',
				columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] },
			},
			{ ...AGENT_INPUT, record: { company: 'Example Inc' }, toolCallId: 'call_4' },
		);
		expect(result.error?.message).toBe(COMPANY_RECORD_WITHOUT_KEY);
		expect(sim().callsTo('POST', '/rest/v1/companies.json')).toEqual([]);
	});
});
