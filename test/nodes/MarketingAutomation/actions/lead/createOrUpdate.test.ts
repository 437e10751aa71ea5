import { outputOf, useMarketing } from '../../helpers';
import { LEAD_UPSERT_BY_EMAIL } from '../../../../harness/marketing';

describe('Marketing Automation: Lead → Create or Update', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('upserts 650 items as 300 + 300 + 50 and gives each item its own status', async () => {
		const items = Array.from({ length: 650 }, (_v, i) => ({
			email: i < 10 ? `lead${i + 1}@example.com` : `new${i}@example.org`,
			firstName: `First${i}`,
			...(i === 20 ? { bogusField: 'x' } : {}),
		}));
		const result = await env.run(LEAD_UPSERT_BY_EMAIL, { items });
		expect(result.error).toBeUndefined();
		const calls = sim().callsTo('POST', '/rest/v1/leads.json');
		expect(calls.map((c) => (c.body as { input: unknown[] }).input.length)).toEqual([300, 300, 50]);
		expect(calls[0].contentType).toBe('application/json');
		expect(calls[0].body).toEqual({
			action: 'createOrUpdate',
			lookupField: 'email',
			input: items.slice(0, 300),
		});
		const out = outputOf(result);
		expect(out).toHaveLength(650);
		expect(out[0]).toEqual({
			json: { status: 'updated', id: 1, email: 'lead1@example.com' },
			pairedItem: { item: 0 },
		});
		expect(out[20]).toEqual({
			json: {
				status: 'skipped',
				email: 'new20@example.org',
				reasons: [{ code: '1006', message: "Field 'bogusField' not found" }],
			},
			pairedItem: { item: 20 },
		});
		const created = out[649].json;
		expect(created).toEqual({
			status: 'created',
			id: expect.any(Number),
			email: 'new649@example.org',
		});
		expect(out[649].pairedItem).toEqual({ item: 649 });
		expect(out.filter((o) => o.json.status === 'created')).toHaveLength(639);
	});

	it('sends Define Below fields, the action and the partition; createOnly reports skipped duplicates', async () => {
		const result = await env.run(
			{
				resource: 'lead',
				operation: 'createOrUpdate',
				syncAction: 'createOnly',
				lookupField: 'email',
				dataMode: 'define',
				leadFields: {
					field: [
						{ name: 'email', value: '={{ $json.mail }}' },
						{ name: 'company', value: 'Initech' },
					],
				},
				additionalFields: { partitionName: 'Default' },
			},
			{ items: [{ mail: 'lead4@example.com' }, { mail: 'fresh@example.net' }] },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls[0].body).toEqual({
			action: 'createOnly',
			lookupField: 'email',
			partitionName: 'Default',
			input: [
				{ email: 'lead4@example.com', company: 'Initech' },
				{ email: 'fresh@example.net', company: 'Initech' },
			],
		});
		expect(outputOf(result)).toEqual([
			{
				json: {
					status: 'skipped',
					id: 4,
					email: 'lead4@example.com',
					reasons: [{ code: '1005', message: 'Lead already exists' }],
				},
				pairedItem: { item: 0 },
			},
			{
				json: { status: 'created', id: expect.any(Number), email: 'fresh@example.net' },
				pairedItem: { item: 1 },
			},
		]);
	});

	it('rejects an item without the lookup value before any call; Continue On Fail keeps the others', async () => {
		const params = LEAD_UPSERT_BY_EMAIL;
		const items = [{ email: 'ok@example.com' }, { firstName: 'No mail' }];
		const failed = await env.run(params, { items });
		expect(failed.error?.message).toBe('Item 1 has no value for the lookup field "email"');
		expect(sim().calls).toHaveLength(0);
		const kept = await env.run(params, { items, continueOnFail: true });
		expect(outputOf(kept)).toEqual([
			{
				json: {
					status: expect.stringMatching(/created|updated/),
					id: expect.any(Number),
					email: 'ok@example.com',
				},
				pairedItem: { item: 0 },
			},
			{
				json: {
					error: 'Item 1 has no value for the lookup field "email"',
					description: 'Add a "email" field to the lead data.',
				},
				pairedItem: { item: 1 },
			},
		]);
		expect(sim().calls).toHaveLength(1);
		expect((sim().calls[0].body as { input: unknown[] }).input).toEqual([
			{ email: 'ok@example.com' },
		]);
	});
});
