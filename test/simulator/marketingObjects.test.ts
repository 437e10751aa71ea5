import { demoToken, jsonCaller } from './marketing';
import { startServices, type Simulator } from './index';

/** The simulator's lead-database objects are as strict as the reference (§3–§5), never more lenient. */
describe('marketing simulator: lead-database objects', () => {
	let sim: Simulator;
	let token: string;
	beforeAll(async () => {
		sim = await startServices({});
		token = await demoToken(sim.url);
	});
	afterAll(async () => {
		await sim.close();
	});

	const call = async (method: string, path: string, body?: unknown) =>
		await jsonCaller(sim.url, () => token)(method, path, body);
	const errorOf = (answer: Record<string, unknown>) =>
		(answer.errors as Array<{ code: string }> | undefined)?.[0]?.code;

	it('sync: more than 300 records, idField without updateOnly, and dedupeBy on opportunities without updateOnly are 1003', async () => {
		const many = Array.from({ length: 301 }, (_v, i) => ({ externalCompanyId: `S-${i}` }));
		expect(errorOf(await call('POST', '/rest/v1/companies.json', { input: many }))).toBe('1003');
		expect(
			errorOf(
				await call('POST', '/rest/v1/companies.json', {
					action: 'createOrUpdate',
					dedupeBy: 'idField',
					input: [{ id: 1 }],
				}),
			),
		).toBe('1003');
		expect(
			errorOf(
				await call('POST', '/rest/v1/opportunities.json', {
					action: 'createOnly',
					dedupeBy: 'dedupeFields',
					input: [{ externalOpportunityId: 'x', name: 'x' }],
				}),
			),
		).toBe('1003');
	});

	it('sync: results carry seq; a key twice in one call is skipped 1036; an unknown field 1006', async () => {
		const answer = await call('POST', '/rest/v1/companies.json', {
			input: [
				{ externalCompanyId: 'Q-1' },
				{ externalCompanyId: 'Q-1' },
				{ externalCompanyId: 'Q-2', colour: 'red' },
			],
		});
		expect(answer.result).toEqual([
			{ seq: 0, status: 'created', id: expect.any(Number) },
			{
				seq: 1,
				status: 'skipped',
				reasons: [{ code: '1036', message: 'Duplicate object in input' }],
			},
			{
				seq: 2,
				status: 'skipped',
				reasons: [{ code: '1006', message: "Field 'colour' not found" }],
			},
		]);
	});

	it('query: a compound key needs a JSON body with exactly the key; more than 300 filter values is 1003', async () => {
		const wrong = await call('POST', '/rest/v1/opportunities/roles.json?_method=GET', {
			filterType: 'dedupeFields',
			input: [{ externalOpportunityId: 'O-2001', leadId: 1 }],
		});
		expect(errorOf(wrong)).toBe('1003');
		const values = Array.from({ length: 301 }, (_v, i) => `v${i}`).join(',');
		expect(
			errorOf(
				await call(
					'GET',
					`/rest/v1/companies.json?filterType=externalCompanyId&filterValues=${values}`,
				),
			),
		).toBe('1003');
	});

	it('delete: only the key may be given; a missing record is skipped 1013', async () => {
		const answer = await call('POST', '/rest/v1/companies/delete.json', {
			input: [{ externalCompanyId: 'C-1002', company: 'Globex' }, { externalCompanyId: 'none' }],
		});
		expect(answer.result).toEqual([
			{
				seq: 0,
				status: 'skipped',
				reasons: [{ code: '1003', message: 'Only the key (externalCompanyId) may be given' }],
			},
			{ seq: 1, status: 'skipped', reasons: [{ code: '1013', message: 'Record not found' }] },
		]);
	});

	it('program members: the updatedAt range is at most 7 days; merge takes at most 25 losers (1080)', async () => {
		const range = await call(
			'GET',
			'/rest/v1/programs/3003/members.json?filterType=updatedAt&startAt=2026-10-01T00:00:00Z&endAt=2026-10-08T00:00:01Z',
		);
		expect(errorOf(range)).toBe('1003');
		const losers = Array.from({ length: 26 }, (_v, i) => i + 2).join(',');
		expect(errorOf(await call('POST', `/rest/v1/leads/1/merge.json?leadIds=${losers}`))).toBe(
			'1080',
		);
	});

	it('under a CRM sync, a whole write call may be refused with 1018; queries still answer', async () => {
		const objects = sim.services.marketing.objects;
		Object.assign(objects, { crmSync: true, crmRefusesWholeCall: true });
		try {
			const write = await call('POST', '/rest/v1/companies.json', {
				input: [{ externalCompanyId: 'C-1001', company: 'X' }],
			});
			expect(write.errors).toEqual([{ code: '1018', message: 'CRM Enabled' }]);
			const remove = await call('POST', '/rest/v1/opportunities/delete.json', {
				input: [{ externalOpportunityId: 'O-2001' }],
			});
			expect(errorOf(remove)).toBe('1018');
			const read = await call(
				'GET',
				'/rest/v1/companies.json?filterType=externalCompanyId&filterValues=C-1001',
			);
			expect(read.success).toBe(true);
		} finally {
			Object.assign(objects, { crmSync: false, crmRefusesWholeCall: false });
		}
	});

	it('named accounts: dedupeBy only with updateOnly, at most 300 records, a name twice is 1036', async () => {
		expect(
			errorOf(
				await call('POST', '/rest/v1/namedaccounts.json', {
					action: 'createOrUpdate',
					dedupeBy: 'dedupeFields',
					input: [{ name: 'X' }],
				}),
			),
		).toBe('1003');
		const many = Array.from({ length: 301 }, (_v, i) => ({ name: `N-${i}` }));
		expect(errorOf(await call('POST', '/rest/v1/namedaccounts.json', { input: many }))).toBe(
			'1003',
		);
		const twice = await call('POST', '/rest/v1/namedaccounts.json', {
			input: [{ name: 'Twice' }, { name: 'twice' }],
		});
		expect((twice.result as Array<{ status: string }>).map((r) => r.status)).toEqual([
			'created',
			'skipped',
		]);
	});

	it('static list create is form-encoded only (612 for JSON)', async () => {
		const json = await call('POST', '/rest/asset/v1/staticLists.json', {
			folder: '{"id":15,"type":"Folder"}',
			name: 'x',
		});
		expect(errorOf(json)).toBe('612');
	});
});
