import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { timing } from '../../../nodes/MarketingAutomation/transport/timing';
import { activeTrigger, pollOnce } from '../../harness';
import { CREDENTIAL, useMarketing } from '../MarketingAutomation/helpers';
import { LEAD_UPSERT_BY_EMAIL } from '../../harness/marketing';

describe('Marketing Automation Trigger', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;
	let clock = Date.now();
	/** A new activity dated after everything in the log (the log is ordered by date). */
	const happen = (activity: IDataObject) => {
		clock += 1000;
		return sim().addActivity({
			leadId: 5,
			activityDate: new Date(clock).toISOString().replace(/\.\d{3}Z$/, 'Z'),
			...activity,
		});
	};
	const poll = async (
		staticData: IDataObject,
		parameters: IDataObject,
		mode: 'trigger' | 'manual' = 'trigger',
	) =>
		await pollOnce({
			type: 'marketingAutomationTrigger',
			parameters: { options: {}, ...parameters } as never,
			credentialType: CREDENTIAL,
			credentials: env.credentials(),
			staticData,
			mode,
		});
	const events = (result: Awaited<ReturnType<typeof poll>>) =>
		(result?.[0] ?? []).map((item) => item.json);
	/** Activates (first poll marks "now"), then returns the static data to poll on. */
	const activate = async (parameters: IDataObject) => {
		const staticData: IDataObject = {};
		expect(await poll(staticData, parameters)).toBeNull();
		return staticData;
	};

	let seeded = 0;
	beforeEach(() => {
		// Activities of a test are dated just after "now", so activation (at "now") precedes them.
		clock = Date.now() + 5_000;
		seeded ||= sim().activities.length;
	});
	afterEach(() => {
		// Each test starts from the seeded log: later activities would be "new" to the next test.
		sim().activities.splice(seeded);
	});

	it('starts from "now" on activation: no flood of history, one call', async () => {
		const staticData: IDataObject = {};
		expect(await poll(staticData, { event: 'emailOpened' })).toBeNull();
		expect(sim().calls.map((c) => `${c.method} ${c.path}`)).toEqual([
			'GET /rest/v1/activities/pagingtoken.json',
		]);
		expect(Date.parse(sim().calls[0].query.sinceDatetime)).toBeGreaterThan(Date.now() - 60_000);
		expect(staticData['node:Trigger']).toEqual({
			nextPageToken: expect.any(String),
			lastActivityDate: expect.any(String),
			recent: [],
		});
		// The seeded history (November 1 to 9) is older than "now": the next poll emits nothing.
		expect(await poll(staticData, { event: 'emailOpened' })).toBeNull();
	});

	it('emits each new activity once, in order, as a flat named item', async () => {
		const staticData = await activate({ event: 'emailBounced' });
		const bounce = happen({
			activityTypeId: 8,
			primaryAttributeValueId: 4001,
			primaryAttributeValue: 'November Newsletter - Email',
			attributes: [
				{ name: 'Category', value: '1' },
				{ name: 'Details', value: '550 mailbox unavailable' },
			],
		});
		happen({ activityTypeId: 10, primaryAttributeValueId: 4001 });
		sim().resetCounters();
		const first = await poll(staticData, { event: 'emailBounced' });
		expect(events(first)).toEqual([
			{
				event: 'emailBounced',
				activityId: String(bounce.marketoGUID),
				activityType: 'Email Bounced',
				activityTypeId: 8,
				leadId: 5,
				activityDate: bounce.activityDate,
				campaignId: null,
				assetId: 4001,
				assetName: 'November Newsletter - Email',
				category: '1',
				details: '550 mailbox unavailable',
			},
		]);
		expect(sim().callsTo('GET', '/rest/v1/activities.json')[0].query).toEqual({
			activityTypeIds: '8',
			nextPageToken: expect.any(String),
			batchSize: '300',
		});
		expect(await poll(staticData, { event: 'emailBounced' })).toBeNull();
	});

	it.each([
		['newLead', 12, 'New Lead'],
		['leadFieldChanged', 13, 'Change Data Value'],
		['leadDeleted', 37, 'Delete Lead'],
		['emailSent', 6, 'Send Email'],
		['emailDelivered', 7, 'Email Delivered'],
		['emailOpened', 10, 'Open Email'],
		['emailClicked', 11, 'Click Email'],
		['emailBounced', 8, 'Email Bounced'],
		['emailUnsubscribed', 9, 'Unsubscribe Email'],
		['formFilledOut', 2, 'Fill Out Form'],
		['webPageVisited', 1, 'Visit Webpage'],
		['addedToList', 24, 'Add to List'],
		['removedFromList', 25, 'Remove from List'],
		['programStatusChanged', 104, 'Change Status in Progression'],
	])('%s reads activity type %i only', async (event, typeId, typeName) => {
		const staticData = await activate({ event });
		const wanted = happen({ activityTypeId: typeId, primaryAttributeValueId: 77 });
		happen({ activityTypeId: typeId === 1 ? 2 : 1, primaryAttributeValueId: 77 });
		sim().resetCounters();
		const result = events(await poll(staticData, { event }));
		expect(result).toEqual([
			expect.objectContaining({
				event,
				activityId: String(wanted.marketoGUID),
				activityTypeId: typeId,
				activityType: typeName,
			}),
		]);
		expect(sim().callsTo('GET', '/rest/v1/activities.json')[0].query.activityTypeIds).toBe(
			String(typeId),
		);
	});

	it('Any Activity Type reads the picked types; more than 10 is refused before any call', async () => {
		const parameters = { event: 'anyActivity', activityTypeIds: ['1', '2'] };
		const staticData = await activate(parameters);
		const visit = happen({ activityTypeId: 1 });
		const form = happen({ activityTypeId: 2 });
		happen({ activityTypeId: 10 });
		expect(events(await poll(staticData, parameters)).map((e) => e.activityId)).toEqual([
			String(visit.marketoGUID),
			String(form.marketoGUID),
		]);
		sim().resetCounters();
		const tooMany = {
			event: 'anyActivity',
			activityTypeIds: Array.from({ length: 11 }, (_, i) => `${i + 1}`),
		};
		await expect(poll({}, tooMany)).rejects.toThrow(
			'Pick between 1 and 10 activity types (11 picked)',
		);
		await expect(poll({}, { event: 'anyActivity', activityTypeIds: [] })).rejects.toThrow(
			'Pick between 1 and 10 activity types (0 picked)',
		);
		expect(sim().calls).toHaveLength(0);
	});

	/** Activates `filter`, makes `matching` and `other` happen, and expects only `matching` to fire. */
	const expectOnlyMatchingActivity = async (
		filter: IDataObject,
		matching: IDataObject,
		other: IDataObject,
	) => {
		const staticData = await activate(filter);
		const wanted = happen(matching);
		happen(other);
		expect(events(await poll(staticData, filter)).map((e) => e.activityId)).toEqual([
			String(wanted.marketoGUID),
		]);
	};

	it('filters by list, program, form and changed field', async () => {
		await expectOnlyMatchingActivity(
			{ event: 'addedToList', listIds: ['1001'] },
			{ activityTypeId: 24, primaryAttributeValueId: 1001 },
			{ activityTypeId: 24, primaryAttributeValueId: 1002 },
		);

		await expectOnlyMatchingActivity(
			{ event: 'leadFieldChanged', fields: ['Job Title'] },
			{ activityTypeId: 13, primaryAttributeValue: 'Job Title' },
			{ activityTypeId: 13, primaryAttributeValue: 'Lead Score' },
		);

		await expectOnlyMatchingActivity(
			{ event: 'formFilledOut', formIds: '6001, 6003' },
			{ activityTypeId: 2, primaryAttributeValueId: 6003 },
			{ activityTypeId: 2, primaryAttributeValueId: 6002 },
		);

		await expectOnlyMatchingActivity(
			{ event: 'programStatusChanged', programIds: ['3002'] },
			{ activityTypeId: 104, primaryAttributeValueId: 3002 },
			{ activityTypeId: 104, primaryAttributeValueId: 3001 },
		);
	});

	it('Email Bounced adds soft bounces only when asked', async () => {
		const hard = { event: 'emailBounced' };
		const soft = { event: 'emailBounced', options: { includeSoftBounces: true } };
		const hardData = await activate(hard);
		const softData = await activate(soft);
		const bounce = happen({ activityTypeId: 8 });
		const softBounce = happen({ activityTypeId: 27 });
		expect(events(await poll(hardData, hard)).map((e) => e.activityId)).toEqual([
			String(bounce.marketoGUID),
		]);
		sim().resetCounters();
		expect(events(await poll(softData, soft)).map((e) => e.activityId)).toEqual([
			String(bounce.marketoGUID),
			String(softBounce.marketoGUID),
		]);
		expect(sim().callsTo('GET', '/rest/v1/activities.json')[0].query.activityTypeIds).toBe('8,27');
	});

	it('pages across empty pages while moreResult is true, losing nothing', async () => {
		const staticData = await activate({ event: 'emailClicked' });
		const clicks = [happen({ activityTypeId: 11 })];
		for (let n = 0; n < 700; n++) happen({ activityTypeId: 1 });
		clicks.push(happen({ activityTypeId: 11 }));
		sim().resetCounters();
		const result = events(await poll(staticData, { event: 'emailClicked' }));
		expect(result.map((e) => e.activityId)).toEqual(clicks.map((c) => String(c.marketoGUID)));
		const pages = sim().callsTo('GET', '/rest/v1/activities.json');
		// The service scans 300 activities per call: 702 new ones take 3 pages, one of them empty.
		expect(pages.map((p) => p.resultCount)).toEqual([1, 0, 1]);
	});

	it('survives a restart between polls (the position is all in static data)', async () => {
		const staticData = await activate({ event: 'emailOpened' });
		const before = happen({ activityTypeId: 10 });
		expect(events(await poll(staticData, { event: 'emailOpened' }))).toHaveLength(1);
		// A restart: the static data is all that survives, as stored JSON.
		const restored = JSON.parse(JSON.stringify(staticData)) as IDataObject;
		const after = happen({ activityTypeId: 10 });
		const result = events(await poll(restored, { event: 'emailOpened' }));
		expect(result.map((e) => e.activityId)).toEqual([String(after.marketoGUID)]);
		expect(result.map((e) => e.activityId)).not.toContain(String(before.marketoGUID));
	});

	it('a failed poll moves nothing: the next poll emits everything once', async () => {
		const staticData = await activate({ event: 'emailOpened' });
		const opens = [happen({ activityTypeId: 10 }), happen({ activityTypeId: 10 })];
		const savedBefore = JSON.stringify(staticData);
		sim().inject('603', { path: '/rest/v1/activities.json' });
		await expect(poll(staticData, { event: 'emailOpened' })).rejects.toThrow('603');
		expect(JSON.stringify(staticData)).toBe(savedBefore);
		const result = events(await poll(staticData, { event: 'emailOpened' }));
		expect(result.map((e) => e.activityId)).toEqual(opens.map((o) => String(o.marketoGUID)));
		expect(await poll(staticData, { event: 'emailOpened' })).toBeNull();
	});

	it('a poll slower than its interval: the poll started meanwhile emits nothing, calls nothing and moves nothing', async () => {
		// A 606 makes the poll wait out the rate window, longer than the next poll waits to start.
		jest.replaceProperty(timing, 'windowMs', 300);
		const trigger = await activeTrigger({
			type: 'marketingAutomationTrigger',
			parameters: { event: 'emailOpened', options: {} },
			credentialType: CREDENTIAL,
			credentials: env.credentials(),
			staticData: {},
		});
		expect(await trigger.poll()).toBeNull();
		const opens = Array.from({ length: 5 }, () => happen({ activityTypeId: 10 }));
		sim().inject('606', { path: '/rest/v1/activities.json' });
		const slow = trigger.poll();
		const reads = () => sim().calls.filter((c) => c.path === '/rest/v1/activities.json').length;
		for (let wait = 0; wait < 500 && reads() === 0; wait++) {
			await sleep(2);
		}
		expect(reads()).toBe(1);
		const positionDuring = JSON.stringify(trigger.staticData());
		const callsDuring = sim().calls.length;

		// The schedule's next poll, while the slow one waits out the window.
		expect(await trigger.poll()).toBeNull();
		expect(sim().calls).toHaveLength(callsDuring);
		expect(JSON.stringify(trigger.staticData())).toBe(positionDuring);

		expect(events(await slow).map((e) => e.activityId)).toEqual(
			opens.map((o) => String(o.marketoGUID)),
		);
		// Once it ended, polls run again: nothing is emitted twice, a new activity once.
		expect(await trigger.poll()).toBeNull();
		const later = happen({ activityTypeId: 10 });
		expect(events(await trigger.poll()).map((e) => e.activityId)).toEqual([
			String(later.marketoGUID),
		]);
	});

	it('bounds one poll to Max Events per Poll; the next polls pick up the rest', async () => {
		const parameters = { event: 'emailSent', options: { maxEvents: 2 } };
		const staticData = await activate(parameters);
		const sent = Array.from({ length: 5 }, () => happen({ activityTypeId: 6 }));
		const ids = sent.map((s) => String(s.marketoGUID));
		expect(events(await poll(staticData, parameters)).map((e) => e.activityId)).toEqual(
			ids.slice(0, 2),
		);
		expect(events(await poll(staticData, parameters)).map((e) => e.activityId)).toEqual(
			ids.slice(2, 4),
		);
		expect(events(await poll(staticData, parameters)).map((e) => e.activityId)).toEqual(
			ids.slice(4),
		);
		expect(await poll(staticData, parameters)).toBeNull();
	});

	it("adds the leads' fields with one look-up per 300 leads, not one per event", async () => {
		const parameters = {
			event: 'emailOpened',
			options: { includeLead: true, leadFields: 'email,firstName' },
		};
		const staticData = await activate(parameters);
		happen({ activityTypeId: 10, leadId: 1 });
		happen({ activityTypeId: 10, leadId: 2 });
		happen({ activityTypeId: 10, leadId: 1 });
		sim().resetCounters();
		const result = events(await poll(staticData, parameters));
		const lookups = sim().callsTo('GET', '/rest/v1/leads.json');
		expect(lookups.map((c) => c.query)).toEqual([
			{ filterType: 'id', filterValues: '1,2', batchSize: '300', fields: 'id,email,firstName' },
		]);
		expect(result.map((e) => (e.lead as IDataObject).id)).toEqual([1, 2, 1]);
		expect(result[0].lead).toEqual(expect.objectContaining({ email: expect.any(String) }));
	});

	it('sees what the action node does: a new lead, a field change, a list add and a remove', async () => {
		const events_ = ['newLead', 'leadFieldChanged', 'addedToList', 'removedFromList'];
		const positions = Object.fromEntries(
			await Promise.all(events_.map(async (event) => [event, await activate({ event })] as const)),
		);
		const email = `trigger.${Date.now()}@example.com`;
		const upsert = (fields: IDataObject) =>
			env.run(LEAD_UPSERT_BY_EMAIL, { items: [{ email, ...fields }] });
		const created = await upsert({ firstName: 'Tia' });
		const leadId = created.json()[0].id as number;
		await upsert({ firstName: 'Tia', title: 'Buyer' });
		const list = (operation: string) =>
			env.run({
				resource: 'list',
				operation,
				list: { mode: 'id', value: '1001' },
				leadIds: String(leadId),
			});
		expect((await list('addLeads')).error).toBeUndefined();
		expect((await list('removeLeads')).error).toBeUndefined();

		const seen = async (event: string) =>
			events(await poll(positions[event], { event })).filter((e) => e.leadId === leadId);
		expect(await seen('newLead')).toEqual([
			expect.objectContaining({ activityType: 'New Lead', assetName: email }),
		]);
		expect(await seen('leadFieldChanged')).toEqual([
			expect.objectContaining({
				activityType: 'Change Data Value',
				assetName: 'Job Title',
				newValue: 'Buyer',
				oldValue: null,
			}),
		]);
		expect(await seen('addedToList')).toEqual([
			expect.objectContaining({ activityType: 'Add to List', assetId: 1001 }),
		]);
		expect(await seen('removedFromList')).toEqual([
			expect.objectContaining({ activityType: 'Remove from List', assetId: 1001 }),
		]);
	});

	it('manual test returns the most recent matching activity of the last 7 days and keeps the position', async () => {
		const staticData = await activate({ event: 'webPageVisited' });
		const saved = JSON.stringify(staticData);
		happen({ activityTypeId: 1, primaryAttributeValue: 'Older visit' });
		const latest = happen({ activityTypeId: 1, primaryAttributeValue: 'Latest visit' });
		const result = events(await poll(staticData, { event: 'webPageVisited' }, 'manual'));
		expect(result).toEqual([
			expect.objectContaining({
				activityId: String(latest.marketoGUID),
				assetName: 'Latest visit',
			}),
		]);
		expect(JSON.stringify(staticData)).toBe(saved);
	});

	it('manual test says so when nothing matched in the last 7 days', async () => {
		await expect(poll({}, { event: 'leadDeleted' }, 'manual')).rejects.toThrow(
			'No "Lead Deleted" activity in the last 7 days',
		);
	});
});
