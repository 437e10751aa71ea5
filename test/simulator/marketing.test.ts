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
});
