import { outputOf } from '../../helpers';
import { useBulkMarketing } from '../bulk';

describe('Marketing Automation v2: Bulk Extract → Get Many', () => {
	const env = useBulkMarketing();
	const sim = () => env.sim.services.marketing;

	it('lists the export jobs of an object with their status', async () => {
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
		const listed = await env.run(
			{ resource: 'bulkExtract', operation: 'getAll', object: 'activities', returnAll: true },
			{ typeVersion: 2 },
		);
		expect(listed.error).toBeUndefined();
		expect(outputOf(listed).map((item) => [item.json.exportId, item.json.status])).toEqual([
			[exportId, 'Processing'],
		]);
		expect(sim().callsTo('GET', '/bulk/v1/activities/export.json')[0].query).toEqual({
			batchSize: '300',
		});
	});
});
