import type { IDataObject } from 'n8n-workflow';

import { apiRequest } from '../../../../nodes/MarketingAutomation/transport';
import { collectAll } from '../../../../nodes/MarketingAutomation/transport/paging';
import { loadOptionsContext, useMarketing } from '../helpers';

describe('Marketing Automation: apiRequest and collectAll for the shared API Call', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('sends repeated query keys as the service documents them (id=1&id=2)', async () => {
		const ctx = await loadOptionsContext(env);
		const answer = (await apiRequest.call(ctx, {
			method: 'DELETE',
			path: '/rest/v1/lists/1001/leads.json',
			qs: { id: [1, 2] },
			safeToRepeat: true,
		})) as IDataObject;
		expect(answer.result).toEqual([
			{ id: 1, status: 'removed' },
			{ id: 2, status: 'removed' },
		]);
		expect(sim().calls).toHaveLength(1);
		expect(sim().calls[0]).toMatchObject({
			method: 'DELETE',
			path: '/rest/v1/lists/1001/leads.json',
		});
	});

	it('reads every page with paginate, with the node token and limiter', async () => {
		const ctx = await loadOptionsContext(env);
		const records = await collectAll(ctx, {
			method: 'GET',
			path: '/rest/v1/lists/1002/leads.json',
			qs: { batchSize: 7, fields: 'id' },
			safeToRepeat: true,
		});
		expect(records.map((r) => r.id)).toEqual(Array.from({ length: 16 }, (_v, i) => i + 15));
		expect(sim().calls.map((c) => c.query.nextPageToken === undefined)).toEqual([
			true,
			false,
			false,
		]);
		expect(sim().calls.every((c) => /^Bearer .+/.test(String(c.authorization)))).toBe(true);
	});

	it('does not replay a non-idempotent POST after a cut-off answer, and says it may have run', async () => {
		const ctx = await loadOptionsContext(env);
		sim().inject('truncated', { path: '/rest/v1/campaigns/2001/trigger.json' });
		await expect(
			apiRequest.call(ctx, {
				method: 'POST',
				path: '/rest/v1/campaigns/2001/trigger.json',
				body: { input: { leads: [{ id: 1 }] } },
				safeToRepeat: false,
				itemIndex: 3,
			}),
		).rejects.toMatchObject({
			message:
				'The answer to POST /rest/v1/campaigns/2001/trigger.json was cut off or not JSON; the call may have run and was not repeated',
		});
		expect(sim().calls).toHaveLength(1);
	});
});
