import type { IDataObject } from 'n8n-workflow';

import { outputOf, useMarketing } from './helpers';

/**
 * 10,000 items per batching operation, through n8n's engine against the simulator (20 ms per
 * call, so calls overlap): every output item and its pairing is checked, the calls are the
 * minimum, and the credential's defaults (5 in flight) hold. No wall-clock assertion.
 */
const N = 10_000;
/** Items 9,900 to 9,999 repeat the e-mails of items 0 to 99 (upserted again, later). */
const REPEATED = 100;
const emailOf = (i: number) => `scale${i >= N - REPEATED ? i - (N - REPEATED) : i}@example.org`;

/** Mismatches between the outputs and the expected item for each index (empty when all match). */
function mismatches(
	out: Array<{ json: IDataObject; pairedItem: unknown }>,
	expected: (i: number) => IDataObject,
): string[] {
	const wrong: string[] = [];
	if (out.length !== N) wrong.push(`${out.length} outputs for ${N} items`);
	out.forEach((item, i) => {
		const want = { json: expected(i), pairedItem: { item: i } };
		if (JSON.stringify(item) !== JSON.stringify(want)) {
			wrong.push(`item ${i}: ${JSON.stringify(item)} instead of ${JSON.stringify(want)}`);
		}
	});
	return wrong.slice(0, 5);
}

describe('Marketing Automation: 10,000 items per batching operation', () => {
	jest.setTimeout(120_000);
	const env = useMarketing({ latencyMs: 20 });
	const sim = () => env.sim.services.marketing;
	/** Lead ID of each upserted e-mail, from the upsert's output. */
	const idOf = new Map<string, number>();
	const items = Array.from({ length: N }, (_v, i) => ({ email: emailOf(i), firstName: `S${i}` }));

	it('upserts 10,000 leads in 34 calls, up to 5 at once, never two holding one e-mail, each item its own status', async () => {
		const result = await env.run(
			{
				resource: 'lead',
				operation: 'createOrUpdate',
				syncAction: 'createOrUpdate',
				lookupField: 'email',
				dataMode: 'autoMap',
				additionalFields: {},
			},
			{ items },
		);
		expect(result.error).toBeUndefined();
		const calls = sim().callsTo('POST', '/rest/v1/leads.json');
		expect(calls).toHaveLength(Math.ceil(N / 300));
		const sent = calls.flatMap((c) => (c.body as { input: IDataObject[] }).input);
		expect(sent).toHaveLength(N);
		expect(new Set(sent.map((lead) => lead.firstName)).size).toBe(N);
		expect(sim().counters.overlappingUpserts).toBe(0);
		expect(sim().counters.maxConcurrentSeen).toBeGreaterThan(1);
		expect(sim().counters.maxConcurrentSeen).toBeLessThanOrEqual(5);
		expect(sim().rejections()).toBe(0);
		const out = outputOf(result);
		for (const item of out.slice(0, N - REPEATED)) {
			idOf.set(String(item.json.email), Number(item.json.id));
		}
		expect(idOf.size).toBe(N - REPEATED);
		expect(
			mismatches(out, (i) => ({
				status: i >= N - REPEATED ? 'updated' : 'created',
				id: idOf.get(emailOf(i)) as number,
				email: emailOf(i),
			})),
		).toEqual([]);
		// The later item of a repeated e-mail won, as if the calls had run one after another.
		const [lead] = [...sim().leads.values()].filter((l) => l.email === emailOf(0));
		expect(lead.firstName).toBe(`S${N - REPEATED}`);
	});

	it('looks up 10,000 e-mails (9,910 distinct) in 34 calls and gives each item its lead', async () => {
		const lookups = Array.from({ length: N }, (_v, i) => ({
			email: i % 1000 === 999 ? `missing${i}@example.org` : emailOf(i % (N - REPEATED)),
		}));
		const result = await env.run(
			{
				resource: 'lead',
				operation: 'getAll',
				filterType: 'email',
				filterValues: '={{ $json.email }}',
				returnAll: true,
				options: { fields: ['id', 'email'], includeNotFound: true },
			},
			{ items: lookups },
		);
		expect(result.error).toBeUndefined();
		// A GET whose URL would pass 8 KB goes as POST with _method=GET: both are reads.
		const reads = sim().calls.filter(
			(c) => c.path === '/rest/v1/leads.json' && (c.method === 'GET' || c.query._method === 'GET'),
		);
		const distinct = new Set(lookups.map((l) => l.email)).size;
		expect(reads).toHaveLength(Math.ceil(distinct / 300));
		expect(sim().calls).toHaveLength(reads.length);
		expect(sim().counters.maxConcurrentSeen).toBeLessThanOrEqual(5);
		expect(
			mismatches(outputOf(result), (i) =>
				i % 1000 === 999
					? { found: false, email: lookups[i].email }
					: { id: idOf.get(lookups[i].email) as number, email: lookups[i].email },
			),
		).toEqual([]);
	});

	it.each([
		['addLeads', 'POST', 'added'],
		['removeLeads', 'DELETE', 'removed'],
	])(
		'%s: 10,000 leads in 34 calls, each item its own status',
		async (operation, method, status) => {
			const ids = [...idOf.values()].slice(0, N - REPEATED);
			const leads = Array.from({ length: N }, (_v, i) => ({ id: ids[i % ids.length] }));
			const result = await env.run(
				{
					resource: 'list',
					operation,
					list: { mode: 'id', value: '1003' },
					leadIds: '={{ $json.id }}',
				},
				{ items: leads },
			);
			expect(result.error).toBeUndefined();
			expect(sim().callsTo(method, '/rest/v1/lists/1003/leads.json')).toHaveLength(
				Math.ceil(ids.length / 300),
			);
			expect(sim().counters.maxConcurrentSeen).toBeLessThanOrEqual(5);
			expect(
				mismatches(outputOf(result), (i) =>
					i < ids.length
						? { listId: 1003, leads: [{ id: leads[i].id, status }], [status]: 1 }
						: // A lead named twice is sent once; the second item gets the same status.
							{ listId: 1003, leads: [{ id: leads[i].id, status }], [status]: 1 },
				),
			).toEqual([]);
		},
	);

	it('triggers a campaign for 10,000 leads in 100 calls, each lead once, each item paired', async () => {
		const ids = [...idOf.values()];
		const leads = Array.from({ length: N }, (_v, i) => ({ id: ids[i % ids.length] }));
		const before = sim().triggered.length;
		const result = await env.run(
			{
				resource: 'campaign',
				operation: 'trigger',
				campaign: { mode: 'id', value: '2001' },
				leadIds: '={{ String($json.id) }}',
				tokens: {},
			},
			// 100 calls: the instance's whole budget (no other integration), as a user may set it.
			{ items: leads, credentials: { callsPer20Seconds: 100, callsInFlight: 10 } },
		);
		expect(result.error).toBeUndefined();
		expect(sim().callsTo('POST', '/rest/v1/campaigns/2001/trigger.json')).toHaveLength(
			Math.ceil(ids.length / 100),
		);
		expect(sim().rejections()).toBe(0);
		const triggered = sim()
			.triggered.slice(before)
			.flatMap((t) => t.leads);
		expect(triggered).toHaveLength(ids.length);
		expect(new Set(triggered).size).toBe(ids.length);
		expect(sim().counters.maxConcurrentSeen).toBeLessThanOrEqual(10);
		expect(
			mismatches(outputOf(result), (i) => ({
				campaignId: 2001,
				leadIds: [leads[i].id],
				triggered: true,
			})),
		).toEqual([]);
	});
});
