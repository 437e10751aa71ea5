import { outputOf } from '../../helpers';
import { useBulkMarketing } from '../bulk';
import { jobParameters } from './jobs';

describe('Marketing Automation v2: Bulk Extract → Cancel and Get Many', () => {
	const env = useBulkMarketing();
	const sim = () => env.sim.services.marketing;

	it('cancels a running job, and Get Many lists it by status', async () => {
		sim().bulk.startupMs = 60_000;
		const created = await env.run(
			{
				resource: 'bulkExtract',
				operation: 'extract',
				object: 'activities',
				startDate: '2026-11-01T00:00:00Z',
				endDate: '2026-11-02T00:00:00Z',
				activityTypeIds: [],
				output: 'items',
				waitForCompletion: false,
				options: {},
			},
			{ typeVersion: 2 },
		);
		const exportId = String(outputOf(created)[0].json.exportId);
		const cancelled = await env.run(jobParameters('cancel', exportId, { object: 'activities' }), {
			typeVersion: 2,
		});
		expect(cancelled.error).toBeUndefined();
		expect(outputOf(cancelled)[0].json).toMatchObject({ exportId, status: 'Cancelled' });
		expect(
			sim().callsTo('POST', `/bulk/v1/activities/export/${exportId}/cancel.json`),
		).toHaveLength(1);

		const listed = await env.run(
			{
				resource: 'bulkExtract',
				operation: 'getAll',
				object: 'activities',
				returnAll: true,
				filters: { status: ['cancelled'] },
			},
			{ typeVersion: 2 },
		);
		expect(listed.error).toBeUndefined();
		expect(outputOf(listed).map((i) => i.json.exportId)).toEqual([exportId]);
		expect(sim().callsTo('GET', '/bulk/v1/activities/export.json')[0].query).toEqual({
			status: 'cancelled',
			batchSize: '300',
		});
	});
});
