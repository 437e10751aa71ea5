import { fastTransport, outputOf, useMarketing } from '../../helpers';

const companies = (
	value: Record<string, unknown> | null,
	options: Record<string, unknown> = {},
) => ({
	resource: 'company',
	operation: 'createOrUpdate',
	syncAction: 'createOrUpdate',
	columns: {
		mappingMode: value ? 'defineBelow' : 'autoMapInputData',
		value,
		matchingColumns: ['externalCompanyId'],
		schema: [],
	},
	...options,
});

describe('Marketing Automation v2: Company → Create or Update', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('sends 300 records per call with action and no dedupeBy; each item gets its status and ID', async () => {
		const items = Array.from({ length: 650 }, (_v, i) => ({
			externalCompanyId: `N-${i}`,
			company: `New ${i}`,
		}));
		items[1] = { externalCompanyId: 'C-1001', company: 'Acme Group' };
		// No call may time out and be replayed on a loaded machine: the statuses are exact.
		jest.restoreAllMocks();
		fastTransport({ timeoutMs: 120_000 });
		const result = await env.run(companies(null), { items, typeVersion: 2 });
		expect(result.error).toBeUndefined();
		const calls = sim().callsTo('POST', '/rest/v1/companies.json');
		expect(calls.map((c) => (c.body as { input: unknown[] }).input.length)).toEqual([300, 300, 50]);
		expect(calls[0]).toMatchObject({
			contentType: 'application/json',
			body: { action: 'createOrUpdate', input: expect.any(Array) },
		});
		expect(Object.keys(calls[0].body as object)).toEqual(['action', 'input']);
		expect((calls[0].body as { input: unknown[] }).input[1]).toEqual({
			externalCompanyId: 'C-1001',
			company: 'Acme Group',
		});
		const out = outputOf(result);
		expect(out).toHaveLength(650);
		expect(out[0]).toEqual({
			json: { status: 'created', externalCompanyId: 'N-0', id: 3 },
			pairedItem: { item: 0 },
		});
		expect(out[1]).toEqual({
			json: { status: 'updated', externalCompanyId: 'C-1001', id: 1 },
			pairedItem: { item: 1 },
		});
		expect(
			sim().objects.companies.find(['externalCompanyId'], { externalCompanyId: 'C-1001' }),
		).toMatchObject({ company: 'Acme Group' });
	});

	it('a new node maps each item automatically on the dedupe key (no Fields set)', async () => {
		const items = [{ externalCompanyId: 'M-1', company: 'Mapped', industry: 'Retail' }];
		const result = await env.run(
			{ resource: 'company', operation: 'createOrUpdate' },
			{ items, typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(
			sim()
				.callsTo('POST', '/rest/v1/companies.json')
				.map((c) => c.body),
		).toEqual([{ action: 'createOrUpdate', input: items }]);
		expect(result.json()).toEqual([
			{ status: 'created', externalCompanyId: 'M-1', id: expect.any(Number) },
		]);
	});

	it('a key twice never shares a call or two calls in flight; the later item wins', async () => {
		const items = [
			{ externalCompanyId: 'D-1', company: 'First' },
			{ externalCompanyId: 'D-2', company: 'Other' },
			{ externalCompanyId: 'D-1', company: 'Second' },
		];
		const result = await env.run(companies(null), { items, typeVersion: 2 });
		expect(result.error).toBeUndefined();
		const calls = sim().callsTo('POST', '/rest/v1/companies.json');
		expect(calls.map((c) => (c.body as { input: unknown[] }).input)).toEqual([
			[items[0], items[1]],
			[items[2]],
		]);
		expect(sim().counters.overlappingUpserts).toBe(0);
		expect(result.json().map((j) => j.status)).toEqual(['created', 'created', 'updated']);
	});

	it('Update Existing by the ID field sends dedupeBy idField; a miss is skipped with 1013', async () => {
		const result = await env.run(
			{
				...companies({ id: '=1', industry: 'Robotics' }),
				syncAction: 'updateOnly',
				columns: {
					mappingMode: 'defineBelow',
					value: { id: '={{ $json.id }}', industry: 'Robotics' },
					matchingColumns: ['id'],
					schema: [],
				},
			},
			{ items: [{ id: 1 }, { id: 999 }], typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().callsTo('POST', '/rest/v1/companies.json')[0].body).toEqual({
			action: 'updateOnly',
			dedupeBy: 'idField',
			input: [
				{ id: 1, industry: 'Robotics' },
				{ id: 999, industry: 'Robotics' },
			],
		});
		expect(result.json()).toEqual([
			{ status: 'updated', id: 1 },
			{ status: 'skipped', id: 999, reasons: [{ code: '1013', message: 'Record not found' }] },
		]);
	});

	it('under a native CRM sync every record is skipped with 1018, and the item says how to fix it', async () => {
		sim().objects.crmSync = true;
		try {
			const result = await env.run(companies({ externalCompanyId: 'C-1001', company: 'X' }), {
				typeVersion: 2,
			});
			expect(result.json()).toEqual([
				{
					status: 'skipped',
					externalCompanyId: 'C-1001',
					reasons: [{ code: '1018', message: 'CRM Enabled' }],
					hint: 'Companies are read-only while the instance syncs with a CRM natively (1018): change them in the CRM, which syncs them here.',
				},
			]);
		} finally {
			sim().objects.crmSync = false;
		}
	});

	it('a whole call refused with 1018 says the companies are CRM-synced and how to change them', async () => {
		Object.assign(sim().objects, { crmSync: true, crmRefusesWholeCall: true });
		try {
			const result = await env.run(companies({ externalCompanyId: 'C-1001', company: 'X' }), {
				typeVersion: 2,
			});
			expect(result.error?.message).toBe(
				'The service refused to change companies (1018 CRM Enabled): the instance syncs them with a CRM natively',
			);
			expect(result.error?.description).toMatch(
				/^Companies are read-only while the instance syncs with a CRM natively \(1018\): change them in the CRM, which syncs them here\. The service answered error 1018 to POST \/rest\/v1\/companies\.json .*: CRM Enabled$/,
			);
		} finally {
			Object.assign(sim().objects, { crmSync: false, crmRefusesWholeCall: false });
		}
	});

	it('refuses before any call: ID matching without updateOnly, a missing key, a wrong match column', async () => {
		const byId = await env.run(
			{
				...companies({ id: 1, company: 'X' }),
				columns: {
					mappingMode: 'defineBelow',
					value: { id: 1, company: 'X' },
					matchingColumns: ['id'],
					schema: [],
				},
			},
			{ typeVersion: 2 },
		);
		expect(byId.error?.message).toBe(
			'Item 0 matches on the ID field id, which works only with Write Mode "Update Existing, Skip New"',
		);
		const noKey = await env.run(companies(null), {
			items: [{ externalCompanyId: 'K-1' }, { company: 'No key' }],
			typeVersion: 2,
		});
		expect(noKey.error?.message).toBe(
			'Item 1 has no value for externalCompanyId, which companies are matched on',
		);
		const wrong = await env.run(
			{
				...companies({ company: 'X' }),
				columns: {
					mappingMode: 'defineBelow',
					value: { company: 'X' },
					matchingColumns: ['company'],
					schema: [],
				},
			},
			{ typeVersion: 2 },
		);
		expect(wrong.error?.message).toBe(
			'Columns to Match On of item 0 are "company", not a key of companies',
		);
		expect(wrong.error?.description).toBe(
			'Match on the dedupe key (externalCompanyId) or on the ID field (id).',
		);
		expect(sim().calls).toEqual([]);
	});

	it('Continue On Fail: a bad item gets its error, the others are written', async () => {
		const result = await env.run(companies(null), {
			items: [{ externalCompanyId: 'E-1' }, { company: 'No key' }],
			typeVersion: 2,
			continueOnFail: true,
		});
		expect(outputOf(result)).toEqual([
			{
				json: { status: 'created', externalCompanyId: 'E-1', id: expect.any(Number) },
				pairedItem: { item: 0 },
			},
			{
				json: {
					error: 'Item 1 has no value for externalCompanyId, which companies are matched on',
					description: 'Map externalCompanyId to a value; no call was made.',
				},
				pairedItem: { item: 1 },
			},
		]);
	});
});
