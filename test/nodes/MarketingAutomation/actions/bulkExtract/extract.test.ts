import { sleep, type IDataObject } from 'n8n-workflow';

import { createHash } from 'node:crypto';

import { onFixedClock } from '../../../../harness/clock';
import { outputOf } from '../../helpers';
import { fastBulkSettings, useBulkMarketing } from '../bulk';

const extractLeads = (extra: Record<string, unknown> = {}) => ({
	resource: 'bulkExtract',
	operation: 'extract',
	object: 'leads',
	fields: 'id,email,firstName,leadScore,emailInvalid',
	leadFilter: 'createdAt',
	startDate: '2026-10-01T00:00:00Z',
	endDate: '2026-10-02T00:00:00Z',
	output: 'items',
	waitForCompletion: true,
	options: {},
	...extra,
});

const extractMembers = (extra: Record<string, unknown> = {}) => ({
	resource: 'bulkExtract',
	operation: 'extract',
	object: 'programMembers',
	program: { __rl: true, mode: 'id', value: '3003' },
	fields: 'leadId,email,statusName',
	output: 'items',
	waitForCompletion: true,
	options: {},
	...extra,
});

describe('Marketing Automation v2: Bulk Extract → Extract', () => {
	const env = useBulkMarketing();
	const sim = () => env.sim.services.marketing;
	const run = (parameters: IDataObject, options: Parameters<typeof env.run>[1] = {}) =>
		env.run(parameters, { typeVersion: 2, ...options });

	it('creates, queues, polls and downloads leads in Range chunks, as typed items', async () => {
		fastBulkSettings({ downloadChunkBytes: 100 });
		const result = await run(extractLeads());
		expect(result.error).toBeUndefined();
		const create = sim().callsTo('POST', '/bulk/v1/leads/export/create.json');
		expect(create).toHaveLength(1);
		expect(create[0].body).toEqual({
			format: 'CSV',
			fields: ['id', 'email', 'firstName', 'leadScore', 'emailInvalid'],
			filter: { createdAt: { startAt: '2026-10-01T00:00:00Z', endAt: '2026-10-01T23:59:59Z' } },
		});
		const job = sim().bulk.exports[0];
		expect(
			sim().callsTo('POST', `/bulk/v1/leads/export/${job.exportId}/enqueue.json`),
		).toHaveLength(1);
		const file = sim().callsTo('GET', `/bulk/v1/leads/export/${job.exportId}/file.json`);
		expect(file.length).toBe(Math.ceil(job.file!.length / 100));
		expect(file.map((c) => c.status)).toEqual(file.map(() => 206));
		const expected = [...sim().leads.values()]
			.filter((l) => String(l.createdAt) < '2026-10-02')
			.map((l) => ({
				id: l.id,
				email: l.email ?? null,
				firstName: l.firstName ?? null,
				leadScore: l.leadScore ?? null,
				emailInvalid: l.emailInvalid ?? null,
			}));
		expect(expected.length).toBeGreaterThan(0);
		expect(outputOf(result).map((i) => i.json)).toEqual(expected);
		expect(
			outputOf(result).every((i) => i.pairedItem && (i.pairedItem as { item: number }).item === 0),
		).toBe(true);
	});

	it('exports the leads of the static list picked From list', async () => {
		const result = await run(
			extractLeads({
				leadFilter: 'staticList',
				list: { __rl: true, mode: 'list', value: '1001', cachedResultName: 'Newsletter' },
				waitForCompletion: false,
			}),
		);
		expect(result.error).toBeUndefined();
		expect(
			sim()
				.callsTo('POST', '/bulk/v1/leads/export/create.json')
				.map((c) => c.body),
		).toEqual([
			{
				format: 'CSV',
				fields: ['id', 'email', 'firstName', 'leadScore', 'emailInvalid'],
				filter: { staticListId: 1001 },
			},
		]);
	});

	it('splits a range over 31 days into windows run one after another', async () => {
		const result = await run(
			extractLeads({ startDate: '2026-09-01T00:00:00Z', endDate: '2026-11-10T00:00:00Z' }),
		);
		expect(result.error).toBeUndefined();
		const bodies = sim()
			.callsTo('POST', '/bulk/v1/leads/export/create.json')
			.map((c) => (c.body as { filter: { createdAt: unknown } }).filter.createdAt);
		expect(bodies).toEqual([
			{ startAt: '2026-09-01T00:00:00Z', endAt: '2026-10-01T23:59:59Z' },
			{ startAt: '2026-10-02T00:00:00Z', endAt: '2026-11-01T23:59:59Z' },
			{ startAt: '2026-11-02T00:00:00Z', endAt: '2026-11-09T23:59:59Z' },
		]);
	});

	it('sends whole seconds from the first at or after From to the last before To', async () => {
		const result = await run(
			extractLeads({
				startDate: '2026-10-01T00:00:00.500Z',
				endDate: '2026-10-02T00:00:00.250Z',
				waitForCompletion: false,
			}),
		);
		expect(result.error).toBeUndefined();
		expect(
			sim()
				.callsTo('POST', '/bulk/v1/leads/export/create.json')
				.map((c) => (c.body as { filter: { createdAt: unknown } }).filter.createdAt),
		).toEqual([{ startAt: '2026-10-01T00:00:01Z', endAt: '2026-10-02T00:00:00Z' }]);
	});

	it('outputs a lead created exactly on a window boundary once, and none created at To', async () => {
		// The service's filter includes both ends: windows that shared an instant gave this lead twice.
		const boundary = sim().addLead({
			email: 'edge@example.com',
			createdAt: '2026-10-02T00:00:00Z',
		});
		const atTo = sim().addLead({ email: 'to@example.com', createdAt: '2026-11-10T00:00:00Z' });
		const result = await run(
			extractLeads({ startDate: '2026-09-01T00:00:00Z', endDate: '2026-11-10T00:00:00Z' }),
		);
		expect(result.error).toBeUndefined();
		const ids = outputOf(result).map((item) => item.json.id);
		expect(ids.filter((id) => id === boundary.id)).toHaveLength(1);
		expect(ids).not.toContain(atTo.id);
		expect(new Set(ids).size).toBe(ids.length);
	});

	it('writes one binary CSV file per job, checked against its sha256', async () => {
		const result = await run(extractLeads({ output: 'binary', binaryPropertyName: 'file' }));
		expect(result.error).toBeUndefined();
		const [item] = result.output();
		const job = sim().bulk.exports[0];
		const data = Buffer.from(item.binary!.file.data, 'base64');
		expect(data.equals(job.file!)).toBe(true);
		expect(item.json).toMatchObject({
			exportId: job.exportId,
			status: 'Completed',
			fileSize: job.file!.length,
			fileChecksum: `sha256:${createHash('sha256').update(job.file!).digest('hex')}`,
		});
		expect(item.binary!.file).toMatchObject({
			mimeType: 'text/csv',
			fileName: `leads-${job.exportId}.csv`,
		});
	});

	it('resumes a download cut off by an answer the connection dropped', async () => {
		fastBulkSettings({ downloadChunkBytes: 100 });
		sim().inject('http502', { path: /\/file\.json$/ });
		const result = await run(extractLeads());
		expect(result.error).toBeUndefined();
		const file = sim().callsTo('GET', /\/file\.json$/);
		expect(file[0].status).toBe(502);
		expect(file[1].status).toBe(206);
	});

	it('extracts activities of the chosen types with the attributes column as JSON', async () => {
		const result = await run({
			resource: 'bulkExtract',
			operation: 'extract',
			object: 'activities',
			startDate: '2026-11-01T00:00:00Z',
			endDate: '2026-11-05T00:00:00Z',
			activityTypeIds: [8, 10],
			output: 'items',
			waitForCompletion: true,
			options: {},
		});
		expect(result.error).toBeUndefined();
		expect(sim().callsTo('POST', '/bulk/v1/activities/export/create.json')[0].body).toEqual({
			format: 'CSV',
			filter: {
				createdAt: { startAt: '2026-11-01T00:00:00Z', endAt: '2026-11-04T23:59:59Z' },
				activityTypeIds: [8, 10],
			},
		});
		expect(outputOf(result).length).toBeGreaterThan(0);
		for (const { json } of outputOf(result)) {
			expect([8, 10]).toContain(json.activityTypeId);
			expect(typeof json.leadId).toBe('number');
			expect(typeof json.attributes).toBe('object');
		}
	});

	it('stops at the daily export quota (1029) naming the quota and its reset; no job is queued', async () => {
		// 20:00 UTC, 14:00 US Central: the quota resets in 10 hours.
		const result = await onFixedClock(Date.UTC(2026, 10, 25, 20, 0), async () => {
			sim().bulk.exportQuotaBytes = 1;
			sim().bulk.exportedBytes.set('2026-11-25', 1);
			return await run(extractLeads());
		});
		expect(result.error?.message).toBe(
			"The instance's daily export quota (500 MB of files) is used up (1029); no export job was created",
		);
		expect((result.error as { description?: string }).description).toMatch(
			/^The quota resets at 12:00 AM US Central time, in about 10 h\. Run the node again after that/,
		);
		expect(sim().callsTo('POST', /enqueue/)).toHaveLength(0);
	});

	it('counts the hours to the quota reset in US Central daylight saving time in summer', async () => {
		// 20:00 UTC in July is 15:00 US Central (UTC-5): the quota resets in 9 hours, not 10.
		const result = await onFixedClock(Date.UTC(2026, 6, 15, 20, 0), async () => {
			sim().bulk.exportQuotaBytes = 1;
			sim().bulk.exportedBytes.set('2026-07-15', 1);
			return await run(extractLeads());
		});
		expect((result.error as { description?: string }).description).toMatch(
			/^The quota resets at 12:00 AM US Central time, in about 9 h\. Run the node again after that/,
		);
	});

	it('waits out a full queue (1029 too many jobs) and queues the job', async () => {
		sim().inject('1029', { path: /\/enqueue\.json$/ });
		const result = await run(extractLeads());
		expect(result.error).toBeUndefined();
		expect(
			sim()
				.callsTo('POST', /\/enqueue\.json$/)
				.map((c) => c.code),
		).toEqual(['1029', undefined]);
	});

	it('reports an unsupported filter (1035) as the service refusal', async () => {
		sim().bulk.updatedAtFilter = false;
		const result = await run(extractLeads({ leadFilter: 'updatedAt' }));
		expect(result.error?.message).toBe(
			'The service refused the call (1035): Unsupported filter type for target subscription',
		);
		expect((result.error as { description?: string }).description).toMatch(
			/^This subscription does not offer the Updated Between or In Smart List filters of a lead extract\. Use Created Between \(the leads' creation date\) or In Static List instead\./,
		);
	});

	it('returns the export ids at once without waiting', async () => {
		const result = await run(extractLeads({ waitForCompletion: false }));
		expect(result.error).toBeUndefined();
		expect(outputOf(result)).toEqual([
			{
				json: {
					exportId: sim().bulk.exports[0].exportId,
					status: 'Queued',
					filter: { createdAt: { startAt: '2026-10-01T00:00:00Z', endAt: '2026-10-01T23:59:59Z' } },
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('keeps 2 of its own export jobs queued at once without waiting for them', async () => {
		// 5 items of one window each: the third job waits until one of the first two has completed.
		Object.assign(sim().bulk, { startupMs: 60, holdUntilOpen: 2 });
		const result = await run(extractLeads({ waitForCompletion: false }), {
			items: Array.from({ length: 5 }, () => ({})),
		});
		expect(result.error).toBeUndefined();
		expect(sim().callsTo('POST', /\/enqueue\.json$/)).toHaveLength(5);
		expect(sim().bulk.peakOpenExports).toBe(2);
		expect(outputOf(result).map((item) => item.pairedItem)).toEqual(
			[0, 1, 2, 3, 4].map((item) => ({ item })),
		);
	});

	it('stops at the time limit while its open jobs hold every share, creating no further job', async () => {
		Object.assign(sim().bulk, { startupMs: 60_000 });
		const result = await run(
			extractLeads({ waitForCompletion: false, options: { timeLimit: 0.001 } }),
			{ items: [{}, {}, {}], continueOnFail: true },
		);
		const [first, second] = sim().bulk.exports.map((job) => job.exportId);
		expect(sim().bulk.exports).toHaveLength(2);
		expect(outputOf(result)[2]).toEqual({
			json: {
				error:
					'2 export jobs of this run were still open at the time limit of 0.06 seconds; no further job was created',
				description: `The node keeps at most 2 of its export jobs open at once. Raise the Time Limit or the Open Jobs at Once option, or run the node again later. Open jobs: ${first}, ${second}.`,
			},
			pairedItem: { item: 2 },
		});
	});

	it('refuses the Delete Lead activity type (37) before any call, saying which types it takes', async () => {
		const result = await run({
			resource: 'bulkExtract',
			operation: 'extract',
			object: 'activities',
			startDate: '2026-11-01T00:00:00Z',
			endDate: '2026-11-05T00:00:00Z',
			activityTypeIds: [1, 37],
			output: 'items',
			waitForCompletion: true,
			options: {},
		});
		expect(result.error?.message).toBe(
			'The bulk extract does not take the activity type Delete Lead (37) (item 0)',
		);
		expect((result.error as { description?: string }).description).toBe(
			'It takes every activity type of the instance except Delete Lead (37): pick the types from the list, which shows only those. Read deleted leads with API Call: GET /rest/v1/activities/deletedleads.json.',
		);
		expect(sim().calls).toHaveLength(0);
	});

	it("names the window of a job the service refuses (1003), with the service's reason", async () => {
		sim().inject('1003', {
			path: '/bulk/v1/leads/export/create.json',
			match: (request) =>
				String(JSON.stringify(request.body)).includes('"startAt":"2026-10-02T00:00:00Z"'),
			message: 'Invalid filter',
		});
		const result = await run(
			extractLeads({ startDate: '2026-09-01T00:00:00Z', endDate: '2026-11-10T00:00:00Z' }),
		);
		expect(result.error?.message).toBe(
			'The service refused the export job of leads from 2026-10-02T00:00:00Z to 2026-11-01T23:59:59Z (1003): Invalid filter',
		);
		expect((result.error as { description?: string }).description).toMatch(
			/^Check From and To and the other settings of this job: the service takes at most 31 days per job \(both ends included\)/,
		);
	});

	it('names the window of a job that the service failed after queueing it, and how to rerun it', async () => {
		// The second of three windows fails in the service (status Failed, with its errorMsg).
		sim().bulk.failingExports.set(1, 'Internal error while exporting');
		const result = await run(
			extractLeads({ startDate: '2026-09-01T00:00:00Z', endDate: '2026-11-10T00:00:00Z' }),
		);
		const failed = sim().bulk.exports[1];
		expect(result.error?.message).toBe(
			`Export job ${failed.exportId} of leads from 2026-10-02T00:00:00Z to 2026-11-01T23:59:59Z ended as Failed: Internal error while exporting`,
		);
		expect((result.error as { description?: string }).description).toBe(
			'A failed or cancelled export cannot be resumed. Run the node again with From 2026-10-02T00:00:00Z and To 2026-11-01T23:59:59Z to export this window in a new job.',
		);
		// The third window is not started after the second failed.
		expect(sim().callsTo('POST', '/bulk/v1/leads/export/create.json')).toHaveLength(2);
	});

	it("reads an export's status only after a full interval, every time (a minute by default)", async () => {
		fastBulkSettings({ exportPollMs: 80 });
		// The job ends once the node has read its status three times, not after a time: a loaded
		// machine can stretch the node's waits past any processing time the test picks.
		Object.assign(sim().bulk, { startupMs: 600_000 });
		const statusReads = () => sim().callsTo('GET', /\/status\.json$/);
		const running = run(extractLeads());
		for (let waited = 0; statusReads().length < 3 && waited < 50_000; waited += 20) {
			await sleep(20);
		}
		sim().bulk.exports[0].finishAt = Date.now();
		const result = await running;
		expect(result.error).toBeUndefined();
		const enqueued = sim().callsTo('POST', /\/enqueue\.json$/)[0].at;
		const reads = statusReads().map((call) => call.at);
		expect(reads.length).toBeGreaterThanOrEqual(4);
		expect(outputOf(result)).toHaveLength(sim().bulk.exports[0].numberOfRecords ?? -1);
		const gaps = reads.map((at, k) => at - (k === 0 ? enqueued : reads[k - 1]));
		expect(gaps.every((gap) => gap >= 79)).toBe(true);
	});

	it('reads the status at the shorter Status Check Interval the user sets', async () => {
		fastBulkSettings({ exportPollMs: 60_000 });
		const result = await run(extractLeads({ options: { statusInterval: 1 } }));
		expect(result.error).toBeUndefined();
		const enqueued = sim().callsTo('POST', /\/enqueue\.json$/)[0].at;
		const [first] = sim().callsTo('GET', /\/status\.json$/);
		expect(first.at - enqueued).toBeGreaterThanOrEqual(999);
		expect(first.at - enqueued).toBeLessThan(10_000);
	});

	it('extracts activities by primary attribute value IDs, and refuses the filter without types', async () => {
		const list = (id: number, name: string, leadId: number) =>
			sim().addActivity({
				leadId,
				activityDate: '2026-11-02T10:00:00Z',
				activityTypeId: 24,
				primaryAttributeValueId: id,
				primaryAttributeValue: name,
			});
		list(1001, 'Newsletter', 1);
		list(1002, 'Webinar invitees', 2);
		list(1003, 'Partners', 3);
		const activities = (extra: IDataObject) => ({
			resource: 'bulkExtract',
			operation: 'extract',
			object: 'activities',
			startDate: '2026-11-01T00:00:00Z',
			endDate: '2026-11-05T00:00:00Z',
			activityTypeIds: [24],
			primaryAttributeFilter: 'ids',
			primaryAttributeValues: '1001, 1003',
			output: 'items',
			waitForCompletion: true,
			options: {},
			...extra,
		});
		const result = await run(activities({}));
		expect(result.error).toBeUndefined();
		expect(sim().callsTo('POST', '/bulk/v1/activities/export/create.json')[0].body).toEqual({
			format: 'CSV',
			filter: {
				createdAt: { startAt: '2026-11-01T00:00:00Z', endAt: '2026-11-04T23:59:59Z' },
				activityTypeIds: [24],
				primaryAttributeValueIds: [1001, 1003],
			},
		});
		expect(outputOf(result).map((item) => item.json.primaryAttributeValueId)).toEqual([1001, 1003]);

		const calls = sim().calls.length;
		const untyped = await run(activities({ activityTypeIds: [] }));
		expect(untyped.error?.message).toBe(
			'The primary attribute filter needs activity types in item 0',
		);
		expect(sim().calls).toHaveLength(calls);
		const names = await run(
			activities({ primaryAttributeFilter: 'names', primaryAttributeValues: 'Partners' }),
		);
		expect(names.error).toBeUndefined();
		expect(outputOf(names).map((item) => item.json.primaryAttributeValue)).toEqual(['Partners']);
		expect(sim().callsTo('POST', '/bulk/v1/activities/export/create.json')).toHaveLength(2);
	});

	it('extracts program members of the chosen statuses only', async () => {
		const result = await run(
			extractMembers({ fields: 'leadId,statusName', statusNames: 'Attended, No Show' }),
		);
		expect(result.error).toBeUndefined();
		expect(sim().callsTo('POST', '/bulk/v1/program/members/export/create.json')[0].body).toEqual({
			format: 'CSV',
			fields: ['leadId', 'statusName'],
			filter: { programId: 3003, statusNames: ['Attended', 'No Show'] },
		});
		const statuses = outputOf(result).map((item) => item.json.statusName);
		expect(statuses.length).toBe(17);
		expect(new Set(statuses)).toEqual(new Set(['Attended', 'No Show']));
	});

	it('refuses a To before From before any call', async () => {
		const result = await run(extractLeads({ endDate: '2026-09-01T00:00:00Z' }));
		expect(result.error?.message).toBe('To is not after From in item 0');
		expect(sim().calls).toHaveLength(0);
	});

	it('stops when the downloaded file does not match its sha256 checksum, with no output', async () => {
		sim().bulk.damagedDownloads = 1;
		const result = await run(extractLeads({ output: 'binary', binaryPropertyName: 'file' }));
		const job = sim().bulk.exports[0];
		const checksum = `sha256:${createHash('sha256').update(job.file!).digest('hex')}`;
		expect(sim().callsTo('GET', /\/file\.json$/)).toHaveLength(1);
		expect(result.error?.message).toBe(
			`The export file's SHA-256 checksum does not match the job's (${checksum})`,
		);
		expect((result.error as { description?: string }).description).toMatch(
			/^The downloaded bytes hash to sha256:[0-9a-f]{64}\. The file was damaged on the way; run the node again to download it anew \(downloads spend no export quota\)\.$/,
		);
		expect((result.error as { description?: string }).description).not.toContain(checksum);
	});

	it('version 2.1 takes the picked fields as a list', async () => {
		const result = await env.run(
			{
				resource: 'bulkExtract',
				operation: 'extract',
				object: 'programMembers',
				program: { __rl: true, mode: 'id', value: '3003' },
				fields: ['leadId', 'email', 'statusName'],
				output: 'items',
				waitForCompletion: true,
				options: {},
			},
			{ typeVersion: 2.1 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().callsTo('POST', '/bulk/v1/program/members/export/create.json')[0].body).toEqual({
			format: 'CSV',
			fields: ['leadId', 'email', 'statusName'],
			filter: { programId: 3003 },
		});
	});

	it("extracts a program's members with the lead and membership columns", async () => {
		const result = await run(extractMembers());
		expect(result.error).toBeUndefined();
		expect(sim().callsTo('POST', '/bulk/v1/program/members/export/create.json')[0].body).toEqual({
			format: 'CSV',
			fields: ['leadId', 'email', 'statusName'],
			filter: { programId: 3003 },
		});
		const members = outputOf(result).map((item) => item.json);
		expect(members).toHaveLength(25);
		expect(members[0]).toEqual({
			leadId: 1,
			email: sim().leads.get(1)!.email,
			statusName: 'Attended',
		});
	});
});
