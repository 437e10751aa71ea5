import { demoToken, jsonCaller } from './marketing';
import { BULK_BODY_LIMIT } from './marketingBulk';
import { startServices, type Simulator } from './index';

/** The simulator's bulk API is as strict as the reference (§1, §2), never more lenient. */
describe('marketing simulator: bulk jobs', () => {
	let sim: Simulator;
	let token: string;
	beforeAll(async () => {
		sim = await startServices({});
		token = await demoToken(sim.url);
	});
	afterAll(async () => {
		await sim.close();
	});
	const bulk = () => sim.services.marketing.bulk;
	afterEach(() => {
		bulk().imports.length = 0;
		bulk().exports.length = 0;
	});

	const call = async (method: string, path: string, body?: unknown) =>
		await jsonCaller(sim.url, () => token)(method, path, body);
	const upload = async (csv: string) => {
		const form = new FormData();
		form.append('file', new Blob([csv], { type: 'text/csv' }), 'leads.csv');
		return await fetch(`${sim.url}/bulk/v1/leads.json?format=csv`, {
			method: 'POST',
			headers: { authorization: `Bearer ${token}` },
			body: form,
		});
	};
	const errorOf = (answer: Record<string, unknown>) =>
		(answer.errors as Array<{ code: string; message: string }> | undefined)?.[0];
	const createActivities = (filter: Record<string, unknown>) =>
		call('POST', '/bulk/v1/activities/export/create.json', {
			format: 'CSV',
			filter: {
				createdAt: { startAt: '2026-11-01T00:00:00Z', endAt: '2026-11-02T00:00:00Z' },
				...filter,
			},
		});

	it('export date filters include both ends; an end before the start or over 31 days is 1003', async () => {
		const marketing = sim.services.marketing;
		const atStart = marketing.addLead({
			email: 'start@example.com',
			createdAt: '2026-08-01T00:00:00Z',
		});
		const atEnd = marketing.addLead({
			email: 'end@example.com',
			createdAt: '2026-08-02T00:00:00Z',
		});
		const created = await call('POST', '/bulk/v1/leads/export/create.json', {
			format: 'CSV',
			fields: ['id'],
			filter: { createdAt: { startAt: '2026-08-01T00:00:00Z', endAt: '2026-08-02T00:00:00Z' } },
		});
		const exportId = String((created.result as Array<{ exportId: string }>)[0].exportId);
		await call('POST', `/bulk/v1/leads/export/${exportId}/enqueue.json`);
		const job = bulk().exports.find((j) => j.exportId === exportId)!;
		bulk().advance(Date.now() + 60_000);
		expect(job.file!.toString()).toBe(`id\n${String(atStart.id)}\n${String(atEnd.id)}\n`);

		const backwards = await call('POST', '/bulk/v1/leads/export/create.json', {
			format: 'CSV',
			fields: ['id'],
			filter: { createdAt: { startAt: '2026-08-02T00:00:00Z', endAt: '2026-08-01T00:00:00Z' } },
		});
		expect(errorOf(backwards)?.code).toBe('1003');
		const long = await call('POST', '/bulk/v1/leads/export/create.json', {
			format: 'CSV',
			fields: ['id'],
			filter: { createdAt: { startAt: '2026-08-01T00:00:00Z', endAt: '2026-09-01T00:00:01Z' } },
		});
		expect(errorOf(long)).toEqual({
			code: '1003',
			message: 'Date range of createdAt filter exceeds 31 days',
		});
	});

	it('activity extract: Delete Lead (37), both primary attribute filters, over 50 values or no types are 1003', async () => {
		expect(errorOf(await createActivities({ activityTypeIds: [1, 37] }))?.code).toBe('1003');
		expect(
			errorOf(
				await createActivities({
					activityTypeIds: [24],
					primaryAttributeValueIds: [1],
					primaryAttributeValues: ['a'],
				}),
			)?.code,
		).toBe('1003');
		const many = Array.from({ length: 51 }, (_v, i) => i + 1);
		expect(
			errorOf(await createActivities({ activityTypeIds: [24], primaryAttributeValueIds: many }))
				?.code,
		).toBe('1003');
		expect(errorOf(await createActivities({ primaryAttributeValueIds: [1] }))?.code).toBe('1003');
		const fine = await createActivities({ activityTypeIds: [24], primaryAttributeValueIds: [1] });
		expect(fine.success).toBe(true);
	});

	it('program member extract: an unknown status name is 1003', async () => {
		const answer = await call('POST', '/bulk/v1/program/members/export/create.json', {
			format: 'CSV',
			fields: ['leadId'],
			filter: { programId: 3003, statusNames: ['Attended', 'Sleeping'] },
		});
		expect(errorOf(answer)).toEqual({ code: '1003', message: "Invalid status name 'Sleeping'" });
	});

	it("other clients' imports take places in the one queue: the 11th open job is 1016", async () => {
		bulk().queueOtherClientImports(9, 600_000);
		const ninth = await upload('email\nq1@example.com\n');
		expect(((await ninth.json()) as Record<string, unknown>).success).toBe(true);
		expect(bulk().peakOpenImports).toBe(1);
		const full = (await (await upload('email\nq2@example.com\n')).json()) as Record<
			string,
			unknown
		>;
		expect(errorOf(full)).toEqual({
			code: '1016',
			message: 'There are 10 imports currently being processed. Please try again later',
		});
	});

	it('an upload over the 10 MB body limit is HTTP 413', async () => {
		const answer = await upload(`email\n${'x'.repeat(BULK_BODY_LIMIT)}\n`);
		expect(answer.status).toBe(413);
		expect(bulk().imports).toHaveLength(0);
	});
});
