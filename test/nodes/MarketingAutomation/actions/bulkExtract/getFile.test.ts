import { outputOf } from '../../helpers';
import { jobsFinished, useBulkMarketing } from '../bulk';
import { jobParameters } from './jobs';

describe('Marketing Automation v2: Bulk Extract → Get File', () => {
	const env = useBulkMarketing();
	const sim = () => env.sim.services.marketing;
	const queueExport = async () => {
		const created = await env.run(
			{
				resource: 'bulkExtract',
				operation: 'extract',
				object: 'leads',
				fields: 'id,email',
				leadFilter: 'staticList',
				list: { mode: 'list', value: '1001', cachedResultName: 'Newsletter' },
				output: 'items',
				waitForCompletion: false,
				options: {},
			},
			{ typeVersion: 2 },
		);
		expect(created.error).toBeUndefined();
		return String(outputOf(created)[0].json.exportId);
	};

	it('downloads a completed job as items', async () => {
		const exportId = await queueExport();
		await jobsFinished(env);
		const result = await env.run(jobParameters('getFile', exportId, { output: 'items' }), {
			typeVersion: 2,
		});
		expect(result.error).toBeUndefined();
		const members = [...sim().lists.get(1001)!.members];
		expect(outputOf(result).map((i) => i.json.id)).toEqual(
			[...sim().leads.values()].filter((l) => members.includes(Number(l.id))).map((l) => l.id),
		);
	});

	it('refuses a job that has not completed, without downloading', async () => {
		sim().bulk.startupMs = 60_000;
		const exportId = await queueExport();
		const result = await env.run(jobParameters('getFile', exportId, { output: 'items' }), {
			typeVersion: 2,
		});
		expect(result.error?.message).toBe(
			`Export job ${exportId} is Processing, not Completed: it has no file yet`,
		);
		expect(sim().callsTo('GET', /\/file\.json$/)).toHaveLength(0);
	});
});
