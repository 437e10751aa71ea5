import { CREDENTIAL, useMarketing } from '../helpers';
import { InstanceLimiter } from '../../../../nodes/MarketingAutomation/transport/throttle';
import { timing } from '../../../../nodes/MarketingAutomation/transport/timing';
import {
	tokenHolderFor,
	tokenIsStale,
} from '../../../../nodes/MarketingAutomation/transport/token';
import { DEMO_CLIENT } from '../../../simulator/marketing';
import { ALL_CAMPAIGNS, GET_DEMO_CAMPAIGN } from '../../../harness/marketing';

describe('tokenIsStale', () => {
	const token = { value: 'tok:ab', expiresAt: 0 };
	beforeEach(() => jest.replaceProperty(timing, 'tokenRefreshMarginMs', 20_000));
	afterEach(() => jest.restoreAllMocks());

	it('is fresh with more than the margin left', () => {
		expect(tokenIsStale({ ...token, expiresAt: 1_000_000 + 21_000 }, 1_000_000)).toBe(false);
	});
	it('is stale within the margin, when empty, or when there is none', () => {
		expect(tokenIsStale({ ...token, expiresAt: 1_000_000 + 20_000 }, 1_000_000)).toBe(true);
		expect(tokenIsStale({ value: '', expiresAt: 9e15 }, 1_000_000)).toBe(true);
		expect(tokenIsStale(undefined, 1_000_000)).toBe(true);
	});
});

describe('tokenHolderFor', () => {
	const credentials = {
		restEndpoint: 'https://x.example.com/rest',
		clientId: 'cid',
		clientSecret: 's',
	};

	it('shares one holder per instance and client, however the endpoint is written', () => {
		expect(tokenHolderFor(credentials)).toBe(
			tokenHolderFor({ ...credentials, restEndpoint: 'https://x.example.com/' }),
		);
	});
	it('gives another client ID, secret or instance a holder of its own', () => {
		const holder = tokenHolderFor(credentials);
		expect(tokenHolderFor({ ...credentials, clientId: 'other' })).not.toBe(holder);
		expect(tokenHolderFor({ ...credentials, clientSecret: 'wrong' })).not.toBe(holder);
		expect(tokenHolderFor({ ...credentials, restEndpoint: 'https://y.example.com/rest' })).not.toBe(
			holder,
		);
	});
});

const WRONG = ['wrong', 'value', '123'].join('-');

describe('Marketing Automation: token lifecycle', () => {
	const env = useMarketing();
	/** The token this test's n8n process holds for the demo client (see `fastTransport`). */
	const held = () => tokenHolderFor(env.credentials()[CREDENTIAL]);

	it('fetches the token with a POST form body and sends it only as a Bearer header', async () => {
		const result = await env.run(GET_DEMO_CAMPAIGN);
		expect(result.error).toBeUndefined();
		const sim = env.sim.services.marketing;
		expect(sim.identityCalls).toHaveLength(1);
		const identity = sim.identityCalls[0];
		expect(identity.method).toBe('POST');
		expect(identity.query).toEqual({});
		expect(identity.contentType).toBe('application/x-www-form-urlencoded');
		expect(identity.body).toEqual({
			grant_type: 'client_credentials',
			client_id: DEMO_CLIENT.clientId,
			client_secret: DEMO_CLIENT.clientSecret,
		});
		const token = held().token!;
		expect(token.value).toMatch(/:ab$/);
		expect(token.expiresAt).toBeGreaterThan(Date.now() + 3500_000);
		// Nothing is written to the stored credential.
		expect(result.credentialsHelper.updates).toHaveLength(0);
		expect(sim.calls).toHaveLength(1);
		expect(sim.calls[0]).toMatchObject({
			method: 'GET',
			path: '/rest/v1/campaigns/2001.json',
			query: {},
			authorization: `Bearer ${token.value}`,
		});
		expect(JSON.stringify(sim.calls)).not.toContain(DEMO_CLIENT.clientSecret);
		expect(result.json()).toEqual([expect.objectContaining({ id: 2001, name: 'Welcome flow' })]);
	});

	it('reuses one token for every call of a run and for a later run in the same n8n process', async () => {
		const first = await env.run(
			{ resource: 'list', operation: 'getAll', returnAll: true },
			{
				items: [{}, {}, {}],
			},
		);
		expect(first.error).toBeUndefined();
		const second = await env.run(GET_DEMO_CAMPAIGN);
		expect(second.error).toBeUndefined();
		const sim = env.sim.services.marketing;
		expect(sim.identityCalls).toHaveLength(1);
		expect(sim.calls).toHaveLength(4);
		expect(new Set(sim.calls.map((c) => c.authorization)).size).toBe(1);
	});

	it('gets the token before it takes a slot of the limiter (the head start is the call’s own)', async () => {
		// The first call of a limiter with an empty window goes 25 ms ahead of the others, so that
		// a busy instance's refusal comes back before the rest: a token request inside that slot
		// would use up the head start and send the whole wave before the refusal could arrive.
		const acquire = InstanceLimiter.prototype.acquire;
		const tokenAtSlot: boolean[] = [];
		jest.spyOn(InstanceLimiter.prototype, 'acquire').mockImplementation(async function (
			this: InstanceLimiter,
		) {
			tokenAtSlot.push(held().token !== undefined);
			return await acquire.call(this);
		});
		try {
			const result = await env.run(
				{ resource: 'list', operation: 'getAll', returnAll: true },
				{ items: [{}, {}, {}] },
			);
			expect(result.error).toBeUndefined();
		} finally {
			jest.restoreAllMocks();
		}
		expect(env.sim.services.marketing.identityCalls).toHaveLength(1);
		expect(tokenAtSlot).toEqual([true, true, true]);
	});

	it('tells the limiter how long the token took, so the head start that follows fits this machine', async () => {
		const noted = jest.spyOn(InstanceLimiter.prototype, 'noteTokenRoundTrip');
		try {
			env.sim.services.marketing.identityLatencyMs = 40;
			expect((await env.run(GET_DEMO_CAMPAIGN)).error).toBeUndefined();
			expect((await env.run(GET_DEMO_CAMPAIGN)).error).toBeUndefined();
			// One token for both runs: one round trip noted, at least the identity answer's 40 ms.
			expect(noted).toHaveBeenCalledTimes(1);
			expect(noted.mock.calls[0][0]).toBeGreaterThanOrEqual(40);
		} finally {
			env.sim.services.marketing.identityLatencyMs = 0;
			jest.restoreAllMocks();
		}
	});

	it('refreshes a token that nears expiry before sending, and keeps the new expiry', async () => {
		await env.run(GET_DEMO_CAMPAIGN);
		held().token!.expiresAt = Date.now() + 5_000; // inside the 20 s margin
		const second = await env.run(GET_DEMO_CAMPAIGN);
		expect(second.error).toBeUndefined();
		const sim = env.sim.services.marketing;
		expect(sim.identityCalls).toHaveLength(2);
		// The service hands back the same, still valid token with its remaining life.
		expect(held().token!.expiresAt).toBeGreaterThan(Date.now() + 3500_000);
		expect(sim.calls.map((c) => c.code)).toEqual([undefined, undefined]);
	});

	it('answers 602 mid-run: new token, one replay, later pages use the new token', async () => {
		const sim = env.sim.services.marketing;
		sim.addCampaigns(650);
		await env.run(GET_DEMO_CAMPAIGN);
		const oldToken = held().token!.value;
		sim.resetCounters();
		sim.expireTokensAfter(1);
		const result = await env.run(ALL_CAMPAIGNS);
		expect(result.error).toBeUndefined();
		expect(result.json()).toHaveLength(654);
		const newToken = held().token!.value;
		expect(newToken).not.toBe(oldToken);
		expect(sim.calls.map((c) => [c.code ?? 'ok', c.authorization])).toEqual([
			['ok', `Bearer ${oldToken}`],
			['602', `Bearer ${oldToken}`],
			['ok', `Bearer ${newToken}`],
			['ok', `Bearer ${newToken}`],
		]);
		expect(sim.calls[1].query).toEqual(sim.calls[2].query);
		expect(sim.identityCalls).toHaveLength(1);
	});

	it('replays 601 once, and fails with the service message when it comes twice', async () => {
		const sim = env.sim.services.marketing;
		sim.inject('601', { times: 1 });
		const once = await env.run(GET_DEMO_CAMPAIGN);
		expect(once.error).toBeUndefined();
		expect(sim.calls.map((c) => c.code ?? 'ok')).toEqual(['601', 'ok']);
		sim.resetCounters();
		sim.inject('601', { times: 2 });
		const twice = await env.run(GET_DEMO_CAMPAIGN);
		expect(twice.error?.message).toBe('The service refused the call (601): Injected fault 601');
		expect(sim.calls.map((c) => c.code ?? 'ok')).toEqual(['601', '601']);
	});

	it('waits out a token that identity hands back with expires_in 0, then gets a fresh one', async () => {
		const sim = env.sim.services.marketing;
		jest.replaceProperty(timing, 'tokenRefreshMarginMs', 500);
		jest.replaceProperty(timing, 'tokenMaxWaitMs', 3_000);
		sim.expireTokens();
		sim.tokenLifetimeSeconds = 0.6; // expires_in = 0 on the wire
		try {
			const started = Date.now();
			const result = await env.run(GET_DEMO_CAMPAIGN);
			expect(result.error).toBeUndefined();
			expect(sim.identityCalls).toHaveLength(2);
			expect(sim.counters.tokensIssued).toBeGreaterThanOrEqual(2);
			expect(Date.now() - started).toBeGreaterThanOrEqual(900);
		} finally {
			sim.tokenLifetimeSeconds = 3600;
		}
	});

	it('refuses a wrong secret at the identity endpoint, before any API call, without echoing it', async () => {
		const result = await env.run(GET_DEMO_CAMPAIGN, {
			credentials: { clientSecret: WRONG },
		});
		expect(result.error?.message).toBe(
			'Could not get an access token: The identity endpoint refused the client ID or secret (HTTP 401)',
		);
		expect(JSON.stringify(result.error)).not.toContain(WRONG);
		expect(env.sim.services.marketing.calls).toHaveLength(0);
	});

	it.each([['/rest'], ['/rest/'], [''], ['/'], ['//rest//']])(
		'accepts the endpoint written as <host>%s',
		async (suffix) => {
			const result = await env.run(GET_DEMO_CAMPAIGN, {
				credentials: { restEndpoint: `${env.sim.url}${suffix}` },
			});
			expect(result.error).toBeUndefined();
			expect(env.sim.services.marketing.calls[0].path).toBe('/rest/v1/campaigns/2001.json');
		},
	);
});
