import type { IDataObject } from 'n8n-workflow';

import { apiRequest } from '../../../../nodes/MarketingAutomation/transport';
import { collectAll } from '../../../../nodes/MarketingAutomation/transport/paging';
import { TestCredentialsHelper } from '../../../harness';
import { loadOptionsContext, outputOf, useMarketing } from '../helpers';
import { LEAD_UPSERT_BY_EMAIL } from '../../../harness/marketing';

describe('Marketing Automation: what one execution reads once', () => {
	const env = useMarketing({ latencyMs: 10 });
	const sim = () => env.sim.services.marketing;
	const upsert = LEAD_UPSERT_BY_EMAIL;
	const leads = (n: number, prefix: string) =>
		Array.from({ length: n }, (_v, i) => ({ email: `${prefix}${i}@example.org` }));

	it('reads the credential once for 4 calls in flight together, and fetches one token for all', async () => {
		const read = jest.spyOn(TestCredentialsHelper.prototype, 'getDecrypted');
		const result = await env.run(upsert, { items: leads(1_000, 'once') });
		expect(result.error).toBeUndefined();
		expect(sim().callsTo('POST', '/rest/v1/leads.json')).toHaveLength(4);
		expect(sim().identityCalls).toHaveLength(1);
		expect(read.mock.calls.filter(([, , type]) => type === 'marketingAutomationApi')).toHaveLength(
			1,
		);
		const tokens = new Set(sim().calls.map((c) => c.authorization));
		expect(tokens.size).toBe(1);
	});

	it('renews an expired token once for every call in flight, then replays each call once', async () => {
		const first = await env.run(upsert, { items: leads(1, 'warm') });
		expect(first.error).toBeUndefined();
		sim().resetCounters();
		sim().expireTokens();
		// The held token looks fresh to the node (its expiry is far ahead): the service says 602.
		const result = await env.run(upsert, { items: leads(1_500, 'renew') });
		expect(result.error).toBeUndefined();
		expect(sim().identityCalls).toHaveLength(1);
		const codes = sim()
			.callsTo('POST', '/rest/v1/leads.json')
			.map((c) => c.code ?? 'ok');
		expect(codes.filter((c) => c === 'ok')).toHaveLength(5);
		expect(codes.filter((c) => c === '602').length).toBeGreaterThanOrEqual(1);
		expect(codes.filter((c) => c === '602').length).toBeLessThanOrEqual(5);
		expect(result.output()).toHaveLength(1_500);
	});
});

describe('Marketing Automation: reads of many items', () => {
	const env = useMarketing({ latencyMs: 20 });
	const sim = () => env.sim.services.marketing;

	it('reads the members of 12 lists several at once, each item its records in input order', async () => {
		const lists = Array.from({ length: 12 }, (_v, i) => [1001, 1002, 1003][i % 3]);
		const result = await env.run(
			{
				resource: 'list',
				operation: 'getMembers',
				list: { mode: 'id', value: '={{ $json.list }}' },
				returnAll: true,
				options: { fields: ['id'] },
			},
			{ items: lists.map((list) => ({ list })) },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls).toHaveLength(12);
		expect(sim().counters.maxConcurrentSeen).toBeGreaterThan(1);
		expect(sim().counters.maxConcurrentSeen).toBeLessThanOrEqual(5);
		const members: Record<number, number[]> = {
			1001: Array.from({ length: 20 }, (_v, i) => i + 1),
			1002: Array.from({ length: 16 }, (_v, i) => i + 15),
			1003: [],
		};
		expect(outputOf(result)).toEqual(
			lists.flatMap((list, item) =>
				members[list].map((id) => ({ json: { id }, pairedItem: { item } })),
			),
		);
	});
});

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
