/**
 * The three cut-off answers of the failure model, in the engine: a 200 whose body breaks off
 * mid-body ("stream has been aborted") is ambiguous. The lead upsert and the look-up are safe to
 * repeat: retried, the run succeeds and nothing is written twice. The campaign trigger is not:
 * sent once, and the item says it may have run.
 */
import {
	LEAD_UPSERT_BY_EMAIL,
	leadLookupByEmail,
	triggerDemoCampaign,
} from '../../harness/marketing';
import { startFaultProxy, type FaultProxy } from '../../faults/proxy';
import { useMarketing } from './helpers';

describe('Marketing Automation: answers cut off mid-body', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;
	let proxy: FaultProxy;
	const credentials = () => ({ restEndpoint: `${proxy.url}/rest` });
	const leadsWith = (email: string) =>
		[...sim().leads.values()].filter((lead) => lead.email === email).length;

	beforeAll(async () => {
		proxy = await startFaultProxy(env.sim.url);
	});
	afterAll(async () => await proxy.close());
	beforeEach(() => proxy.reset());

	it('Lead → Create or Update: retried once, every lead stored once, the run succeeds', async () => {
		const emails = ['cut.one@example.com', 'cut.two@example.com', 'cut.three@example.com'];
		proxy.inject({ fault: 'cut-off', method: 'POST', path: '/rest/v1/leads.json' });
		const result = await env.run(LEAD_UPSERT_BY_EMAIL, {
			items: emails.map((email) => ({ email })),
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		expect(proxy.pending()).toEqual([]);
		expect(proxy.requests.filter((r) => r.path === '/rest/v1/leads.json')).toHaveLength(2);
		expect(emails.map(leadsWith)).toEqual([1, 1, 1]);
		// The broken attempt created them; the retry found them and updated them.
		expect(result.json().map((json) => json.status)).toEqual(['updated', 'updated', 'updated']);
	});

	it('Lead → Get Many by e-mail: retried, the look-up returns the leads (not zero)', async () => {
		for (const email of ['cut.find1@example.com', 'cut.find2@example.com']) {
			if (leadsWith(email) === 0) sim().addLead({ email });
		}
		proxy.inject({ fault: 'cut-off', method: 'GET', path: '/rest/v1/leads.json' });
		const result = await env.run(leadLookupByEmail(), {
			items: [{ email: 'cut.find1@example.com' }, { email: 'cut.find2@example.com' }],
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		expect(proxy.pending()).toEqual([]);
		expect(result.json().map((json) => json.email)).toEqual([
			'cut.find1@example.com',
			'cut.find2@example.com',
		]);
	});

	it('Campaign → Trigger: sent once, and the item says it may have run and was not repeated', async () => {
		sim().triggered.length = 0;
		proxy.inject({
			fault: 'cut-off',
			method: 'POST',
			path: '/rest/v1/campaigns/2001/trigger.json',
		});
		const result = await env.run(triggerDemoCampaign('={{ $json.v }}'), {
			items: [{ v: '1' }],
			continueOnFail: true,
			credentials: credentials(),
		});
		expect(proxy.pending()).toEqual([]);
		expect(
			proxy.requests.filter((r) => r.path === '/rest/v1/campaigns/2001/trigger.json'),
		).toHaveLength(1);
		expect(sim().triggered).toHaveLength(1);
		expect(result.output()[0].json.error).toBe(
			'The answer to POST /rest/v1/campaigns/2001/trigger.json was cut off or not JSON; the call may have run and was not repeated',
		);
	});
});
