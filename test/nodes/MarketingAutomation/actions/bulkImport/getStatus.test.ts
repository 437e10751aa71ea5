import { outputOf } from '../../helpers';
import { BATCH_ID_ARGUMENT_NOT_A_NUMBER } from '../../messages';
import { jobsFinished, uploadedFile, useBulkMarketing } from '../bulk';

describe('Marketing Automation v2: Bulk Import → Get Status', () => {
	const env = useBulkMarketing();
	const sim = () => env.sim.services.marketing;

	it('reads a finished job and its failed and warned rows; a 404 file means none', async () => {
		const queued = await env.run(
			{
				resource: 'bulkImport',
				operation: 'import',
				object: 'leads',
				source: 'items',
				lookupField: 'email',
				waitForCompletion: false,
				options: {},
			},
			{ typeVersion: 2, items: [{ email: 'st1@example.com' }, { email: '' + 'bad@' }] },
		);
		expect(queued.error).toBeUndefined();
		const batchId = Number(outputOf(queued)[0].json.batchId);
		expect(uploadedFile(sim().calls[0]).content).toBe('email\nst1@example.com\nbad@\n');
		await jobsFinished(env);
		sim().resetCounters();
		const result = await env.run(
			{
				resource: 'bulkImport',
				operation: 'getStatus',
				object: 'leads',
				batchId: String(batchId),
				options: {},
			},
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(outputOf(result)).toEqual([
			{
				json: {
					batchId,
					importId: String(batchId),
					status: 'Complete',
					numOfLeadsProcessed: 1,
					numOfRowsFailed: 1,
					numOfRowsWithWarning: 0,
					message: 'Import completed with errors, 1 records imported (1 members), 1 failed',
				},
				pairedItem: { item: 0 },
			},
			{
				json: {
					batchId,
					outcome: 'failed',
					reason: "Value for lookup field 'email' not found",
					row: { email: 'bad@' },
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(sim().calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
			`GET /bulk/v1/leads/batch/${batchId}.json 200`,
			`GET /bulk/v1/leads/batch/${batchId}/failures.json 200`,
		]);
		// The service's answer for a job without warnings: 404.
		const warnings = await fetch(`${env.sim.url}/bulk/v1/leads/batch/${batchId}/warnings.json`, {
			headers: { Authorization: String(sim().calls[0].authorization) },
		});
		expect(warnings.status).toBe(404);
	});

	it('refuses a batch ID that is not a number before any call', async () => {
		const result = await env.run(
			{
				resource: 'bulkImport',
				operation: 'getStatus',
				object: 'leads',
				batchId: 'abc',
				options: {},
			},
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe("The batch ID 'abc' in item 0 is not a whole number");
		expect(sim().calls).toHaveLength(0);
	});

	it('as an AI agent’s tool: names the Batch_ID argument, without item numbers', async () => {
		const result = await env.runAsTool(
			{
				resource: 'bulkImport',
				operation: 'getStatus',
				object: 'leads',
				batchId: "={{ $fromAI('Batch_ID', 'The batch ID of the import', 'string') }}",
			},
			{ chatInput: 'How did the import go?', Batch_ID: 'batch twelve', toolCallId: 'call_5' },
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe(BATCH_ID_ARGUMENT_NOT_A_NUMBER);
		expect(sim().calls).toEqual([]);
	});
});
