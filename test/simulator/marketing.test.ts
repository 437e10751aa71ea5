import { fixClock } from '../harness/clock';
import { DEMO_CLIENT, demoToken, MarketingService } from './marketing';
import { startServices, type Simulator } from './index';

describe('marketing simulator controls', () => {
	let sim: Simulator;
	beforeAll(async () => {
		sim = await startServices({});
	});
	afterAll(async () => {
		await sim.close();
	});

	it('POST /__sim/marketing/activity makes an activity happen now, at the end of the log', async () => {
		const before = Date.now() - 1000;
		const answer = await fetch(`${sim.url}/__sim/marketing/activity`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ leadId: 3, activityTypeId: 8, primaryAttributeValueId: 4001 }),
		});
		expect(answer.status).toBe(200);
		const activity = (await answer.json()) as Record<string, unknown>;
		const log = sim.services.marketing.activities;
		expect(log[log.length - 1]).toEqual(activity);
		expect(activity).toMatchObject({ leadId: 3, activityTypeId: 8, primaryAttributeValueId: 4001 });
		expect(Date.parse(String(activity.activityDate))).toBeGreaterThanOrEqual(before);
	});

	it('refuses an activity without a lead or a type', async () => {
		const answer = await fetch(`${sim.url}/__sim/marketing/activity`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ leadId: 3 }),
		});
		expect(answer.status).toBe(400);
		expect(await answer.json()).toEqual({
			message: 'POST /__sim/marketing/activity needs leadId and activityTypeId',
		});
	});

	it('GET /__sim/marketing/triggers counts each lead requested into each campaign, repeats named', async () => {
		const marketing = sim.services.marketing;
		marketing.triggered.length = 0;
		marketing.triggersByLead.clear();
		const token = await demoToken(sim.url);
		const trigger = async (ids: number[]) =>
			await fetch(`${sim.url}/rest/v1/campaigns/2001/trigger.json`, {
				method: 'POST',
				headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
				body: JSON.stringify({ input: { leads: ids.map((id) => ({ id })) } }),
			});
		await trigger([1, 2]);
		await trigger([2, 3]);

		const answer = await fetch(`${sim.url}/__sim/marketing/triggers`);
		expect(answer.status).toBe(200);
		expect(await answer.json()).toEqual({
			campaigns: { '2001': { calls: 2, leads: { '1': 1, '2': 2, '3': 1 }, repeated: [2] } },
		});
	});

	it('answers 404 to a view it does not have', async () => {
		const answer = await fetch(`${sim.url}/__sim/marketing/leads`);
		expect(answer.status).toBe(404);
		expect(await answer.json()).toEqual({ message: 'GET /__sim/marketing/ offers: triggers' });
	});
});

describe('marketing simulator demo data', () => {
	afterEach(() => {
		jest.useRealTimers();
	});

	it.each([Date.UTC(2026, 10, 27, 6, 0), Date.UTC(2027, 2, 15, 13, 30)])(
		'dates its activities from 26 days before the day it starts (%p), all in the last 90 days',
		(now) => {
			fixClock(now);
			const { activities } = new MarketingService();
			const dates = activities.map((activity) => Date.parse(String(activity.activityDate)));
			const day = 86_400_000;
			expect(dates[0]).toBe(Math.floor(now / day) * day - 26 * day);
			expect(Math.min(...dates)).toBeGreaterThan(now - 90 * day);
			expect(Math.max(...dates)).toBeLessThan(now);
			expect(activities.length).toBeGreaterThan(500);
		},
	);

	it('dates them from a given day where a test asks for one', () => {
		fixClock(Date.UTC(2027, 2, 15));
		const { activities } = new MarketingService({ activitiesFrom: Date.UTC(2026, 10, 1) });
		expect(activities[0].activityDate).toBe('2026-11-01T00:00:00Z');
	});
});

describe('marketing simulator latency', () => {
	afterEach(() => {
		jest.useRealTimers();
	});

	const request = (path: string, headers: Record<string, string>, receivedAt: number) => ({
		method: 'GET',
		path,
		query: new URLSearchParams(
			path === '/identity/oauth/token'
				? {
						grant_type: 'client_credentials',
						client_id: DEMO_CLIENT.clientId,
						client_secret: DEMO_CLIENT.clientSecret,
					}
				: {},
		),
		headers,
		body: undefined,
		rawBody: '',
		receivedAt,
	});

	it('answers latencyMs after the call arrived, time before the simulator got to it included', async () => {
		jest.useFakeTimers({ now: 5_000_000 });
		const service = new MarketingService({ latencyMs: 300 });
		const token = (await service.handle(request('/identity/oauth/token', {}, Date.now()))).body as {
			access_token: string;
		};
		const arrived = Date.now();
		// The simulator was busy with other requests for 120 ms before it read this one.
		jest.advanceTimersByTime(120);
		let answered = false;
		const answer = service
			.handle(
				request(
					'/rest/v1/leads/1.json',
					{ authorization: `Bearer ${token.access_token}` },
					arrived,
				),
			)
			.then((result) => {
				answered = true;
				return result;
			});
		await jest.advanceTimersByTimeAsync(179);
		expect(answered).toBe(false);
		await jest.advanceTimersByTimeAsync(1);
		expect(answered).toBe(true);
		expect((await answer).status).toBe(200);
	});
});
