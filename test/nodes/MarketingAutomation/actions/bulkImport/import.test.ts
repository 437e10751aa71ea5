import type { IDataObject } from 'n8n-workflow';

import { bulkSettings } from '../../../../../nodes/MarketingAutomation/helpers/bulkSettings';
import { outputOf } from '../../helpers';
import { csvBinary, fastBulkSettings, uploadedFile, useBulkMarketing } from '../bulk';
import { BULK_IMPORT_MAY_BE_QUEUED_FIX, BULK_IMPORT_TOO_LARGE_FIX } from '../../messages';

const importLeads = (extra: Record<string, unknown> = {}) => ({
	resource: 'bulkImport',
	operation: 'import',
	object: 'leads',
	source: 'items',
	lookupField: 'email',
	waitForCompletion: true,
	options: {},
	...extra,
});

describe('Marketing Automation v2: Bulk Import → Import', () => {
	const env = useBulkMarketing();
	const sim = () => env.sim.services.marketing;
	const run = (parameters: IDataObject, options: Parameters<typeof env.run>[1] = {}) =>
		env.run(parameters, { typeVersion: 2, ...options });

	it('uploads the items as one CSV file, waits for the job and pairs failed and warned rows with their items', async () => {
		const result = await run(importLeads(), {
			items: [
				{ email: 'bulk1@example.com', firstName: 'Ana', leadScore: 10 },
				{ email: 'not-an-email', firstName: 'Ben' },
				{ email: 'bulk3@example.com', firstName: 'Cy, Jr.', leadScore: 'lots' },
			],
		});
		expect(result.error).toBeUndefined();
		const uploads = sim().callsTo('POST', '/bulk/v1/leads.json');
		expect(uploads).toHaveLength(1);
		expect(uploads[0].query).toEqual({ format: 'csv', lookupField: 'email' });
		expect(uploads[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
		expect(uploadedFile(uploads[0])).toEqual({
			filename: 'leads-1.csv',
			content:
				'email,firstName,leadScore\nbulk1@example.com,Ana,10\nnot-an-email,Ben,\nbulk3@example.com,"Cy, Jr.",lots\n',
		});
		const batchId = sim().bulk.imports[0].batchId;
		expect(outputOf(result)).toEqual([
			{
				json: {
					batchId,
					importId: String(batchId),
					status: 'Complete',
					numOfLeadsProcessed: 1,
					numOfRowsFailed: 2,
					numOfRowsWithWarning: 0,
					message: 'Import completed with errors, 1 records imported (1 members), 2 failed',
					fileName: 'leads-1.csv',
					rows: 3,
					firstRow: 1,
				},
				pairedItem: { item: 0 },
			},
			{
				json: {
					batchId,
					outcome: 'failed',
					reason: "Value for lookup field 'email' not found",
					row: { email: 'not-an-email', firstName: 'Ben', leadScore: '' },
				},
				pairedItem: { item: 1 },
			},
			{
				json: {
					batchId,
					outcome: 'failed',
					reason: 'Invalid data type in field Lead Score',
					row: { email: 'bulk3@example.com', firstName: 'Cy, Jr.', leadScore: 'lots' },
				},
				pairedItem: { item: 2 },
			},
		]);
		const lead = [...sim().leads.values()].find((l) => l.email === 'bulk1@example.com');
		expect(lead).toMatchObject({ firstName: 'Ana', leadScore: 10 });
		expect(sim().callsTo('GET', `/bulk/v1/leads/batch/${batchId}/failures.json`)).toHaveLength(1);
		// No warnings: the warnings file is not asked for.
		expect(sim().callsTo('GET', `/bulk/v1/leads/batch/${batchId}/warnings.json`)).toHaveLength(0);
	});

	it('cuts the rows into files under the size limit, each with the header, and adds them to a list', async () => {
		fastBulkSettings({ fileBytes: 120 });
		const items = Array.from({ length: 9 }, (_v, i) => ({
			email: `cut${i + 1}@example.com`,
			company: 'Example',
		}));
		const result = await run(
			importLeads({ options: { list: { mode: 'list', value: '1001' }, partitionName: 'EMEA' } }),
			{ items },
		);
		expect(result.error).toBeUndefined();
		// Each file targets the list: a file sent while the one before runs waits out 1019.
		const all = sim().callsTo('POST', '/bulk/v1/leads.json');
		expect(all.every((call) => call.code === undefined || call.code === '1019')).toBe(true);
		const uploads = all.filter((call) => call.code === undefined);
		const files = uploads.map((call) => uploadedFile(call).content);
		expect(files.length).toBeGreaterThan(1);
		for (const file of files) {
			expect(file.startsWith('email,company\n')).toBe(true);
			expect(Buffer.byteLength(file)).toBeLessThanOrEqual(120);
		}
		expect(
			files
				.join('')
				.split('\n')
				.filter((l) => l.startsWith('cut')),
		).toHaveLength(9);
		expect(uploads[0].query).toEqual({
			format: 'csv',
			lookupField: 'email',
			listId: '1001',
			partitionName: 'EMEA',
		});
		const summaries = outputOf(result).filter((item) => item.json.status === 'Complete');
		expect(summaries.map((s) => s.json.fileName)).toEqual(
			files.map((_f, i) => `leads-${i + 1}.csv`),
		);
		expect(summaries.reduce((sum, s) => sum + Number(s.json.numOfLeadsProcessed), 0)).toBe(9);
		const list = sim().lists.get(1001)!;
		for (const { email } of items) {
			const lead = [...sim().leads.values()].find((l) => l.email === email)!;
			expect(list.members.has(Number(lead.id))).toBe(true);
		}
	});

	it.each([
		['1016', 'There are 10 imports currently being processed'],
		['1019', 'The target list is already being imported to'],
	])('waits out %s (the file was not taken) and submits the file again', async (code) => {
		sim().inject(code, { path: '/bulk/v1/leads.json', times: 2 });
		const result = await run(importLeads(), { items: [{ email: 'queued@example.com' }] });
		expect(result.error).toBeUndefined();
		const uploads = sim().callsTo('POST', '/bulk/v1/leads.json');
		expect(uploads.map((c) => c.code)).toEqual([code, code, undefined]);
		expect(sim().bulk.imports).toHaveLength(1);
		expect(outputOf(result)[0].json).toMatchObject({ status: 'Complete', numOfLeadsProcessed: 1 });
	});

	it('keeps at most 10 jobs open: the 11th file waits for one to finish', async () => {
		// A header 'email' and two rows of 15-16 bytes fit in 40 bytes: 24 items make 12 files.
		fastBulkSettings({ fileBytes: 40 });
		Object.assign(sim().bulk, { startupMs: 150, holdUntilOpen: 10 });
		const items = Array.from({ length: 24 }, (_v, i) => ({ email: `q${i}@example.com` }));
		const result = await run(importLeads({ options: { openJobs: 10 } }), { items });
		expect(result.error).toBeUndefined();
		const uploads = sim().callsTo('POST', '/bulk/v1/leads.json');
		expect(uploads.length).toBe(12);
		expect(uploads.every((c) => c.code === undefined)).toBe(true);
		expect(sim().rejections()).toBe(0);
		expect(sim().bulk.peakOpenImports).toBe(10);
	});

	it("keeps 2 of its own jobs open by default, behind other clients' jobs in the shared queue", async () => {
		fastBulkSettings({ fileBytes: 40 });
		Object.assign(sim().bulk, { startupMs: 100, holdUntilOpen: 2 });
		// The CRM sync and another workflow hold 3 places of the instance's one queue.
		sim().bulk.queueOtherClientImports(3, 150);
		const items = Array.from({ length: 8 }, (_v, i) => ({ email: `s${i}@example.com` }));
		const result = await run(importLeads(), { items });
		expect(result.error).toBeUndefined();
		const uploads = sim().callsTo('POST', '/bulk/v1/leads.json');
		expect(uploads.map((c) => c.code)).toEqual([undefined, undefined, undefined, undefined]);
		expect(sim().bulk.peakOpenImports).toBe(2);
		expect(outputOf(result).map((item) => item.json.numOfLeadsProcessed)).toEqual([2, 2, 2, 2]);
	});

	it('waits for a slot before the next upload without Wait for Completion too', async () => {
		fastBulkSettings({ fileBytes: 40 });
		Object.assign(sim().bulk, { startupMs: 100 });
		const items = Array.from({ length: 6 }, (_v, i) => ({ email: `nw${i}@example.com` }));
		const result = await run(importLeads({ waitForCompletion: false, options: { openJobs: 1 } }), {
			items,
		});
		expect(result.error).toBeUndefined();
		expect(sim().callsTo('POST', '/bulk/v1/leads.json')).toHaveLength(3);
		expect(sim().bulk.peakOpenImports).toBe(1);
		expect(outputOf(result).map((item) => item.json.status)).toEqual([
			'Queued',
			'Queued',
			'Queued',
		]);
	});

	it('fails only the item whose row cannot fit in a file; the other items are imported', async () => {
		fastBulkSettings({ fileBytes: 300 });
		const long = 'x'.repeat(400);
		const items = [
			{ email: 'fits1@example.com', firstName: 'Ana' },
			{ email: 'huge@example.com', firstName: long },
			{ email: 'fits2@example.com', firstName: 'Bo' },
		];
		const result = await run(importLeads(), { items, continueOnFail: true });
		expect(result.error).toBeUndefined();
		const uploads = sim().callsTo('POST', '/bulk/v1/leads.json');
		expect(uploads).toHaveLength(1);
		expect(uploadedFile(uploads[0]).content).toBe(
			'email,firstName\nfits1@example.com,Ana\nfits2@example.com,Bo\n',
		);
		const output = outputOf(result);
		expect(output[0]).toMatchObject({
			json: { status: 'Complete', numOfLeadsProcessed: 2 },
			pairedItem: { item: 0 },
		});
		expect(output[1]).toEqual({
			json: {
				error:
					'The row of item 1 is 418 bytes, more than one import file holds (300 bytes with the header; the service takes at most 10 MB per file)',
				description:
					'Shorten or leave out the large value (a long text or JSON field) of this item. The other items are imported.',
			},
			pairedItem: { item: 1 },
		});
		expect(output).toHaveLength(2);
	});

	it('stops before any call on a row that cannot fit in a file without Continue On Fail', async () => {
		fastBulkSettings({ fileBytes: 300 });
		const items = [{ email: 'a@example.com' }, { email: 'b@example.com', note: 'é'.repeat(200) }];
		const result = await run(importLeads(), { items });
		expect(result.error?.message).toBe(
			'The row of item 1 is 415 bytes, more than one import file holds (300 bytes with the header; the service takes at most 10 MB per file)',
		);
		expect((result.error as { description?: string }).description).toBe(
			'Shorten or leave out the large value (a long text or JSON field) of this item. No file was sent; with Continue On Fail on, the other items are imported without it.',
		);
		expect(sim().calls).toHaveLength(0);
	});

	it('never sends a file again after an ambiguous failure, and names the file that may be queued', async () => {
		sim().inject('http502-after', { path: '/bulk/v1/leads.json' });
		const result = await run(importLeads(), { items: [{ email: 'maybe@example.com' }] });
		expect(sim().callsTo('POST', '/bulk/v1/leads.json')).toHaveLength(1);
		expect(result.error?.message).toBe(
			'The upload of leads-1.csv (rows 1 to 1) got no clear answer, so it may be queued as an import job; it was not sent again',
		);
		expect((result.error as { description?: string }).description).toBe(
			BULK_IMPORT_MAY_BE_QUEUED_FIX,
		);
	});

	it('returns the job ids at once without waiting', async () => {
		const result = await run(importLeads({ waitForCompletion: false }), {
			items: [{ email: 'later@example.com' }],
		});
		expect(result.error).toBeUndefined();
		const batchId = sim().bulk.imports[0].batchId;
		expect(outputOf(result)).toEqual([
			{
				json: {
					batchId,
					importId: String(batchId),
					status: 'Queued',
					fileName: 'leads-1.csv',
					rows: 1,
					firstRow: 1,
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(sim().callsTo('GET', /^\/bulk\//)).toHaveLength(0);
	});

	it('refuses an item without the lookup field before any call', async () => {
		const result = await run(importLeads(), {
			items: [{ email: 'ok@example.com' }, { firstName: 'No mail' }],
		});
		expect(result.error?.message).toBe("Item 1 has no 'email', the field that identifies the lead");
		expect(result.error?.description).toBe(
			"Give every item the field 'email' (or choose another Lookup Field).",
		);
		expect(sim().calls).toHaveLength(0);
	});

	it('imports a binary CSV file, read in chunks, and cuts it on row boundaries (quoted line breaks kept)', async () => {
		fastBulkSettings({ fileBytes: 90, readChunkBytes: 7 });
		const text =
			'email,firstName,title\r\nfile1@example.com,Ana,"Head of\nSales"\r\nfile2@example.com,Ben,CTO\r\nfile3@example.com,"Cy ""C""",VP\r\n';
		const result = await run(
			importLeads({ source: 'binary', binaryPropertyName: 'data', format: 'csv' }),
			{
				items: [{}],
				binary: [csvBinary(text)],
			},
		);
		expect(result.error).toBeUndefined();
		const files = sim()
			.callsTo('POST', '/bulk/v1/leads.json')
			.map((call) => uploadedFile(call).content);
		expect(files).toEqual([
			'email,firstName,title\r\nfile1@example.com,Ana,"Head of\nSales"\r\nfile2@example.com,Ben,CTO\r\n',
			'email,firstName,title\r\nfile3@example.com,"Cy ""C""",VP\r\n',
		]);
		const titles = [...sim().leads.values()].filter((l) => String(l.email).startsWith('file'));
		expect(titles.map((l) => [l.firstName, l.title])).toEqual([
			['Ana', 'Head of\nSales'],
			['Ben', 'CTO'],
			['Cy "C"', 'VP'],
		]);
	});

	it('shares the rows of a large import from items evenly among an even number of files', async () => {
		// Above the sharing threshold, 6 rows that fit in one file go to 2 files of 3 rows.
		fastBulkSettings({ parallelSplitMinBytes: 100 });
		const items = Array.from({ length: 6 }, (_v, i) => ({ email: `share${i + 1}@example.com` }));
		const result = await run(importLeads(), { items });
		expect(result.error).toBeUndefined();
		const files = sim()
			.callsTo('POST', '/bulk/v1/leads.json')
			.map((call) => uploadedFile(call).content);
		expect(files).toEqual([
			'email\nshare1@example.com\nshare2@example.com\nshare3@example.com\n',
			'email\nshare4@example.com\nshare5@example.com\nshare6@example.com\n',
		]);
		const summaries = outputOf(result).map((item) => item.json);
		expect(summaries).toEqual([
			expect.objectContaining({
				status: 'Complete',
				fileName: 'leads-1.csv',
				rows: 3,
				firstRow: 1,
			}),
			expect.objectContaining({
				status: 'Complete',
				fileName: 'leads-2.csv',
				rows: 3,
				firstRow: 4,
			}),
		]);
		expect(outputOf(result).map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 3 }]);
	});

	it('shares the bytes of a large binary file evenly among an even number of files', async () => {
		fastBulkSettings({ parallelSplitMinBytes: 100 });
		const rows = Array.from({ length: 6 }, (_v, i) => `half${i + 1}@example.com,Ana\n`);
		const result = await run(
			importLeads({ source: 'binary', binaryPropertyName: 'data', format: 'csv' }),
			{ items: [{}], binary: [csvBinary(`email,firstName\n${rows.join('')}`)] },
		);
		expect(result.error).toBeUndefined();
		const files = sim()
			.callsTo('POST', '/bulk/v1/leads.json')
			.map((call) => uploadedFile(call).content);
		expect(files).toEqual([
			`email,firstName\n${rows.slice(0, 3).join('')}`,
			`email,firstName\n${rows.slice(3).join('')}`,
		]);
	});

	it('imports program members with their status into the program', async () => {
		const result = await run(
			{
				resource: 'bulkImport',
				operation: 'import',
				object: 'programMembers',
				program: { mode: 'list', value: '3006', cachedResultName: 'Partner Event' },
				programMemberStatus: 'Registered',
				source: 'items',
				waitForCompletion: true,
				options: {},
			},
			{ items: [{ email: 'member1@example.com', firstName: 'Mo' }] },
		);
		expect(result.error).toBeUndefined();
		const uploads = sim().callsTo('POST', '/bulk/v1/program/3006/members/import.json');
		expect(uploads).toHaveLength(1);
		expect(uploads[0].query).toEqual({ format: 'CSV', programMemberStatus: 'Registered' });
		expect(uploadedFile(uploads[0]).filename).toBe('program-3006-members-1.csv');
		const batchId = sim().bulk.imports[0].batchId;
		expect(
			sim().callsTo('GET', `/bulk/v1/program/members/import/${batchId}/status.json`).length,
		).toBeGreaterThan(0);
		expect(outputOf(result)[0].json).toMatchObject({ status: 'Complete', numOfLeadsProcessed: 1 });
		expect(sim().memberships.get(3006)).toEqual([
			expect.objectContaining({ progressionStatus: 'Registered' }),
		]);
	});

	it('stops at the time limit while a job runs, naming the batch and how to read it later', async () => {
		Object.assign(sim().bulk, { startupMs: 60_000 });
		jest.replaceProperty(bulkSettings, 'importPollFirstMs', 30);
		const result = await run(importLeads({ options: { timeLimitSeconds: 0.06 } }), {
			items: [{ email: 'slow@example.com' }],
		});
		const batchId = sim().bulk.imports[0].batchId;
		expect(result.error?.message).toBe(
			`Bulk import jobs ${batchId} were still running at the time limit of 0.06 s`,
		);
	});

	it('keeps a time limit a saved workflow holds in minutes (Time Limit (Minutes))', async () => {
		Object.assign(sim().bulk, { startupMs: 60_000 });
		jest.replaceProperty(bulkSettings, 'importPollFirstMs', 30);
		const result = await run(importLeads({ options: { timeLimit: 0.001 } }), {
			items: [{ email: 'slow@example.com' }],
		});
		const batchId = sim().bulk.imports[0].batchId;
		expect(result.error?.message).toBe(
			`Bulk import jobs ${batchId} were still running at the time limit of 0.06 s`,
		);
	});

	it('reports a file the service finds too large (413) without sending it again', async () => {
		// A node set to cut files above the service's 10 MB body limit (and not to share the rows
		// among files) meets the service's 413.
		fastBulkSettings({ fileBytes: 11_000_000, parallelSplitMinBytes: Infinity });
		const row = 'x'.repeat(80);
		const text = `email,firstName\n${Array.from({ length: 105_000 }, (_v, i) => `big${i}@example.com,${row}`).join('\n')}\n`;
		const result = await run(
			importLeads({ source: 'binary', binaryPropertyName: 'data', format: 'csv' }),
			{
				items: [{}],
				binary: [csvBinary(text)],
			},
		);
		const uploads = sim().callsTo('POST', '/bulk/v1/leads.json');
		expect(uploads).toHaveLength(1);
		expect(uploads[0].status).toBe(413);
		expect(sim().bulk.imports).toHaveLength(0);
		const bytes = Buffer.byteLength(text);
		expect(result.error?.message).toBe(
			`The service refused leads-1.csv (rows 1 to 105000, ${bytes} bytes) as too large (HTTP 413); it was not imported`,
		);
		expect((result.error as { description?: string }).description).toBe(BULK_IMPORT_TOO_LARGE_FIX);
	});

	it("stops at the service's 'Empty File' (1003) with its message, without sending it again", async () => {
		sim().inject('1003', { path: '/bulk/v1/leads.json', message: 'Empty File' });
		const result = await run(importLeads(), { items: [{ email: 'empty@example.com' }] });
		expect(sim().callsTo('POST', '/bulk/v1/leads.json')).toHaveLength(1);
		expect(result.error?.message).toBe('The service refused the call (1003): Empty File');
		expect((result.error as { description?: string }).description).toMatch(
			/^The service answered error 1003 to POST \/bulk\/v1\/leads\.json \(request [0-9a-f]+#[0-9a-f]+\)\.$/,
		);
		expect(sim().bulk.imports).toHaveLength(0);
	});

	it("drops a file's UTF-8 byte order mark (as n8n's Convert to File writes) from the header", async () => {
		const result = await run(
			importLeads({ source: 'binary', binaryPropertyName: 'data', format: 'csv' }),
			{ items: [{}], binary: [csvBinary('\ufeffemail,firstName\nbom@example.com,Bo\n')] },
		);
		expect(result.error).toBeUndefined();
		const [upload] = sim().callsTo('POST', '/bulk/v1/leads.json');
		expect(uploadedFile(upload).content).toBe('email,firstName\nbom@example.com,Bo\n');
		expect(outputOf(result)[0].json).toMatchObject({ status: 'Complete', numOfLeadsProcessed: 1 });
	});
});
