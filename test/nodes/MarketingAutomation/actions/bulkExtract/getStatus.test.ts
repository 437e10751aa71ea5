import { outputOf } from '../../helpers';
import { useBulkMarketing } from '../bulk';
import { jobParameters } from './jobs';

describe('Marketing Automation v2: Bulk Extract → Get Status', () => {
	const env = useBulkMarketing();
	const sim = () => env.sim.services.marketing;

	it("reads a job's status as the service reports it (refreshed at most every statusRefreshMs)", async () => {
		Object.assign(sim().bulk, { statusRefreshMs: 60_000, startupMs: 60_000 });
		const created = await env.run(
			{
				resource: 'bulkExtract',
				operation: 'extract',
				object: 'leads',
				fields: 'id,email',
				leadFilter: 'createdAt',
				startDate: '2026-10-01T00:00:00Z',
				endDate: '2026-10-02T00:00:00Z',
				output: 'items',
				waitForCompletion: false,
				options: {},
			},
			{ typeVersion: 2 },
		);
		const exportId = String(outputOf(created)[0].json.exportId);
		const first = await env.run(jobParameters('getStatus', exportId), { typeVersion: 2 });
		// The job finishes now; the status shown stays the one of the last refresh.
		sim().bulk.exports[0].finishAt = Date.now() - 1;
		const second = await env.run(jobParameters('getStatus', exportId), { typeVersion: 2 });
		// The job completed in between, but the status is not refreshed within the minute.
		expect(sim().bulk.exports[0].status).toBe('Completed');
		expect(outputOf(first)[0].json.status).toBe('Processing');
		expect(outputOf(second)[0].json).toEqual(outputOf(first)[0].json);
		expect(sim().callsTo('GET', `/bulk/v1/leads/export/${exportId}/status.json`)).toHaveLength(2);
	});

	it('refuses an export ID that is not a job ID before any call', async () => {
		const result = await env.run(jobParameters('getStatus', '42'), { typeVersion: 2 });
		expect(result.error?.message).toBe("The export ID '42' in item 0 is not a job ID");
		expect(sim().calls).toHaveLength(0);
	});
});
