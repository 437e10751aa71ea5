import type { IDataObject } from 'n8n-workflow';

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

describe('Marketing Automation v2: Bulk Extract → Extract', () => {
	const env = useBulkMarketing();
	const sim = () => env.sim.services.marketing;
	const run = (parameters: IDataObject) => env.run(parameters, { typeVersion: 2 });

	it('creates, queues, polls and downloads leads in Range chunks, as typed items', async () => {
		fastBulkSettings({ downloadChunkBytes: 100 });
		const result = await run(extractLeads());
		expect(result.error).toBeUndefined();
		const create = sim().callsTo('POST', '/bulk/v1/leads/export/create.json');
		expect(create).toHaveLength(1);
		expect(create[0].body).toEqual({
			format: 'CSV',
			fields: ['id', 'email', 'firstName', 'leadScore', 'emailInvalid'],
			filter: { createdAt: { startAt: '2026-10-01T00:00:00Z', endAt: '2026-10-02T00:00:00Z' } },
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

	it('splits a range over 31 days into windows run one after another', async () => {
		const result = await run(
			extractLeads({ startDate: '2026-09-01T00:00:00Z', endDate: '2026-11-10T00:00:00Z' }),
		);
		expect(result.error).toBeUndefined();
		const bodies = sim()
			.callsTo('POST', '/bulk/v1/leads/export/create.json')
			.map((c) => (c.body as { filter: { createdAt: unknown } }).filter.createdAt);
		expect(bodies).toEqual([
			{ startAt: '2026-09-01T00:00:00Z', endAt: '2026-10-02T00:00:00Z' },
			{ startAt: '2026-10-02T00:00:00Z', endAt: '2026-11-02T00:00:00Z' },
			{ startAt: '2026-11-02T00:00:00Z', endAt: '2026-11-10T00:00:00Z' },
		]);
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
				createdAt: { startAt: '2026-11-01T00:00:00Z', endAt: '2026-11-05T00:00:00Z' },
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
	});

	it('returns the export ids at once without waiting', async () => {
		const result = await run(extractLeads({ waitForCompletion: false }));
		expect(result.error).toBeUndefined();
		expect(outputOf(result)).toEqual([
			{
				json: {
					exportId: sim().bulk.exports[0].exportId,
					status: 'Queued',
					filter: { createdAt: { startAt: '2026-10-01T00:00:00Z', endAt: '2026-10-02T00:00:00Z' } },
				},
				pairedItem: { item: 0 },
			},
		]);
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
		const result = await run({
			resource: 'bulkExtract',
			operation: 'extract',
			object: 'programMembers',
			program: { __rl: true, mode: 'id', value: '3003' },
			fields: 'leadId,email,statusName',
			output: 'items',
			waitForCompletion: true,
			options: {},
		});
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
