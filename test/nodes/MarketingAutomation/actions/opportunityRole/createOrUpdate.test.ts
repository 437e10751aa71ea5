import { useMarketing } from '../../helpers';

describe('Marketing Automation v2: Opportunity Role → Create or Update', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	const roles = {
		resource: 'opportunityRole',
		operation: 'createOrUpdate',
		syncAction: 'createOrUpdate',
		columns: {
			mappingMode: 'autoMapInputData',
			value: null,
			matchingColumns: ['externalOpportunityId', 'leadId', 'role'],
			schema: [],
		},
	};

	it('matches on the compound key; a role of an unknown lead is skipped; the same key waits for the earlier call', async () => {
		const items = [
			{ externalOpportunityId: 'O-2001', leadId: 2, role: 'Buyer', isPrimary: false },
			{ externalOpportunityId: 'O-2001', leadId: 99999, role: 'Buyer' },
			{ externalOpportunityId: 'O-2001', leadId: 2, role: 'Buyer', isPrimary: true },
		];
		const result = await env.run(roles, { items, typeVersion: 2 });
		expect(result.error).toBeUndefined();
		const calls = sim().callsTo('POST', '/rest/v1/opportunities/roles.json');
		expect(calls.map((c) => c.body)).toEqual([
			{ action: 'createOrUpdate', input: [items[0], items[1]] },
			{ action: 'createOrUpdate', input: [items[2]] },
		]);
		expect(result.json()).toEqual([
			{
				status: 'created',
				externalOpportunityId: 'O-2001',
				leadId: 2,
				role: 'Buyer',
				marketoGUID: expect.any(String),
			},
			{
				status: 'skipped',
				externalOpportunityId: 'O-2001',
				leadId: 99999,
				role: 'Buyer',
				reasons: [{ code: '1013', message: 'Referenced opportunity or lead not found' }],
			},
			{
				status: 'updated',
				externalOpportunityId: 'O-2001',
				leadId: 2,
				role: 'Buyer',
				marketoGUID: expect.any(String),
			},
		]);
		expect(
			sim().objects.roles.find(['leadId', 'role'], { leadId: 2, role: 'Buyer' })?.isPrimary,
		).toBe(true);
	});

	it('matching on part of the compound key is refused before any call', async () => {
		const result = await env.run(
			{ ...roles, columns: { ...roles.columns, matchingColumns: ['leadId', 'role'] } },
			{ items: [{ externalOpportunityId: 'O-2001', leadId: 2, role: 'Buyer' }], typeVersion: 2 },
		);
		expect(result.error?.message).toBe(
			'Columns to Match On of item 0 are "leadId + role", not a key of opportunity roles',
		);
		expect(sim().calls).toEqual([]);
	});

	it('on an instance with a native CRM sync, roles are skipped with 1018 and the hint', async () => {
		sim().objects.crmSync = true;
		try {
			const result = await env.run(roles, {
				items: [{ externalOpportunityId: 'O-2001', leadId: 3, role: 'Buyer' }],
				typeVersion: 2,
			});
			expect(result.json()[0]).toMatchObject({
				status: 'skipped',
				hint: 'Opportunity roles exist only on instances without a native CRM sync (1018): on a CRM-synced instance, keep roles in the CRM.',
			});
		} finally {
			sim().objects.crmSync = false;
		}
	});
});
