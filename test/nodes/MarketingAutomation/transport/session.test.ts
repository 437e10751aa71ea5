import { TestCredentialsHelper } from '../../../harness';
import { useMarketing } from '../helpers';
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
