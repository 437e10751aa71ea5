import { ExecuteContext } from 'n8n-core';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { resourceMapping } from '../../../../../nodes/MarketingAutomation/methods';
import { nodeLoadOptionsContext } from '../../../../harness';
import { LEAD_UPSERT_AS_SAVED, LEAD_UPSERT_BY_EMAIL } from '../../../../harness/marketing';
import { timing } from '../../../../../nodes/MarketingAutomation/transport/timing';
import { CREDENTIAL, outputOf, useMarketing } from '../../helpers';
import { LEAD_ARGUMENT_NOT_AN_OBJECT } from '../../messages';

/** Write Mode createOnly with partition Default for lead 4 (it exists) and `fresh`: body, output. */
const createOnlyFor = (fresh: string) => ({
	body: {
		action: 'createOnly',
		lookupField: 'email',
		partitionName: 'Default',
		input: [
			{ email: 'lead4@example.com', company: 'Initech' },
			{ email: fresh, company: 'Initech' },
		],
	},
	output: [
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
			json: { status: 'created', id: expect.any(Number), email: fresh },
			pairedItem: { item: 1 },
		},
	],
});

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
		const expected = createOnlyFor('fresh@example.net');
		expect(sim().calls[0].body).toEqual(expected.body);
		expect(outputOf(result)).toEqual(expected.output);
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

/** Lead → Create or Update of version 2.1: the column mapper, matched on `lookup` (none: email). */
const mapped = (
	value: IDataObject | null,
	options: IDataObject = {},
	lookup: string[] = ['email'],
): IDataObject => ({
	resource: 'lead',
	operation: 'createOrUpdate',
	syncAction: 'createOrUpdate',
	columns: {
		mappingMode: value ? 'defineBelow' : 'autoMapInputData',
		value,
		matchingColumns: lookup,
		schema: [],
	},
	...options,
});

const DESCRIBE = '/rest/v1/leads/describe2.json';

describe('Marketing Automation v2.1: Lead → Create or Update with the column mapper', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;
	const upserts = () =>
		sim()
			.callsTo('POST', '/rest/v1/leads.json')
			.map((c) => c.body);
	const run = async (
		parameters: IDataObject,
		options: { items?: IDataObject[]; continueOnFail?: boolean } = {},
	) => await env.run(parameters, { ...options, typeVersion: 2.1 });

	it('the mapper offers the writable lead fields and the lookup fields, email matched by default', async () => {
		const ctx = await nodeLoadOptionsContext(
			{
				type: 'marketingAutomation',
				name: 'Marketing Automation',
				parameters: mapped(null) as unknown as INodeParameters,
				credentialType: CREDENTIAL,
				path: 'parameters.columns',
				typeVersion: 2.1,
			},
			env.credentials(),
		);
		const { fields } = await resourceMapping.getLeadColumns.call(ctx);
		// Read-only fields (createdAt, updatedAt, leadPartitionId) are not offered; the ID is, as
		// the field "Update Existing, Skip New" looks leads up by. `cookies` is searchable, no field.
		expect(
			fields.map((f) => [f.id, f.displayName, f.type, f.defaultMatch, f.canBeUsedToMatch]),
		).toEqual([
			['id', 'Id [ID]', 'number', false, true],
			['email', 'Email Address (email) [Key]', 'string', true, true],
			['firstName', 'First Name (firstName)', 'string', false, false],
			['lastName', 'Last Name (lastName)', 'string', false, false],
			['company', 'Company Name (company)', 'string', false, false],
			['title', 'Job Title (title)', 'string', false, false],
			['phone', 'Phone Number (phone)', 'string', false, false],
			['country', 'Country', 'string', false, false],
			['leadScore', 'Lead Score (leadScore)', 'number', false, false],
			['emailInvalid', 'Email Invalid (emailInvalid)', 'boolean', false, false],
			['emailInvalidCause', 'Email Invalid Cause (emailInvalidCause)', 'string', false, false],
			['leadNotes', 'Lead Notes (leadNotes)', 'string', false, false],
			['externalId', 'External Id (externalId) [Key]', 'string', false, true],
		]);
		// None is `required` for n8n: Always Create a New Lead needs no lookup value.
		expect(fields.every((f) => f.required === false && f.display === true)).toBe(true);
		expect(sim().calls.map((c) => [c.method, c.path])).toEqual([['GET', DESCRIBE]]);
	});

	it('a new node maps each item automatically, matched on email: one describe, then 300 per call', async () => {
		const items = Array.from({ length: 650 }, (_v, i) => ({
			email: i < 3 ? `lead${i + 1}@example.com` : `mapped${i}@example.net`,
			firstName: `Mapped${i}`,
			// From a lead read: the service sets these itself, so they are not sent.
			createdAt: '2026-11-01T00:00:00Z',
			updatedAt: '2026-11-02T00:00:00Z',
		}));
		const sent = items.map(({ email, firstName }) => ({ email, firstName }));
		const result = await run({ resource: 'lead', operation: 'createOrUpdate' }, { items });
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => `${c.method} ${c.path}`)).toEqual([
			`GET ${DESCRIBE}`,
			'POST /rest/v1/leads.json',
			'POST /rest/v1/leads.json',
			'POST /rest/v1/leads.json',
		]);
		expect(upserts()).toEqual([
			{ action: 'createOrUpdate', lookupField: 'email', input: sent.slice(0, 300) },
			{ action: 'createOrUpdate', lookupField: 'email', input: sent.slice(300, 600) },
			{ action: 'createOrUpdate', lookupField: 'email', input: sent.slice(600) },
		]);
		const out = outputOf(result);
		expect(out).toHaveLength(650);
		expect(out[0]).toEqual({
			json: { status: 'updated', id: 1, email: 'lead1@example.com' },
			pairedItem: { item: 0 },
		});
		expect(out[649]).toEqual({
			json: { status: 'created', id: expect.any(Number), email: 'mapped649@example.net' },
			pairedItem: { item: 649 },
		});
	});

	it('as the editor saves it, with the list of 150 lead fields, sends the same calls', async () => {
		// The editor stores the mapper's field list with the parameter; it is not read per item.
		const items = Array.from({ length: 301 }, (_v, i) => ({
			email: `saved${i}@example.net`,
			firstName: `Saved${i}`,
		}));
		const getNode = jest.spyOn(ExecuteContext.prototype, 'getNode');
		const result = await run({ ...LEAD_UPSERT_AS_SAVED }, { items });
		const copies = getNode.mock.calls.length;
		getNode.mockRestore();
		expect(result.error).toBeUndefined();
		expect(upserts()).toEqual([
			{ action: 'createOrUpdate', lookupField: 'email', input: items.slice(0, 300) },
			{ action: 'createOrUpdate', lookupField: 'email', input: items.slice(300) },
		]);
		expect(outputOf(result).map((o) => o.json.status)).toEqual(items.map(() => 'created'));
		// n8n copies the whole node, the field list too, on each getNode(): not once per item.
		expect(copies).toBeLessThan(30);
	});

	it('as the editor saves fields mapped by expressions, each item gets its own values', async () => {
		const items = [
			{ email: 'one@example.net', firstName: 'ana' },
			{ email: 'two@example.net', firstName: 'bo' },
		];
		const columns = {
			...LEAD_UPSERT_AS_SAVED.columns,
			mappingMode: 'defineBelow',
			value: {
				email: '={{ $json.email }}',
				firstName: '={{ $json.firstName.toUpperCase() }}',
				company: 'Acme',
				title: '',
			},
		};
		const result = await run({ ...LEAD_UPSERT_AS_SAVED, columns }, { items });
		expect(result.error).toBeUndefined();
		expect(upserts()).toEqual([
			{
				action: 'createOrUpdate',
				lookupField: 'email',
				input: [
					{ email: 'one@example.net', firstName: 'ANA', company: 'Acme' },
					{ email: 'two@example.net', firstName: 'BO', company: 'Acme' },
				],
			},
		]);
	});

	it('sends the fields set by hand (empty ones left out), the action and the partition', async () => {
		const result = await run(
			mapped(
				{ email: '={{ $json.mail }}', company: 'Initech', title: '' },
				{ syncAction: 'createOnly', additionalFields: { partitionName: 'Default' } },
			),
			{ items: [{ mail: 'lead4@example.com' }, { mail: 'fresh21@example.net' }] },
		);
		expect(result.error).toBeUndefined();
		const expected = createOnlyFor('fresh21@example.net');
		expect(upserts()).toEqual([expected.body]);
		expect(outputOf(result)).toEqual(expected.output);
	});

	it('the column matched on is the lookup field: the ID with Update Existing, Skip New', async () => {
		const result = await run(mapped(null, { syncAction: 'updateOnly' }, ['id']), {
			items: [
				{ id: 2, leadScore: 40, createdAt: '2026-10-01T00:02:00Z' },
				{ id: 99999, leadScore: 10 },
			],
		});
		expect(result.error).toBeUndefined();
		expect(upserts()).toEqual([
			{
				action: 'updateOnly',
				lookupField: 'id',
				input: [
					{ id: 2, leadScore: 40 },
					{ id: 99999, leadScore: 10 },
				],
			},
		]);
		expect(result.json()).toEqual([
			{ status: 'updated', id: 2 },
			{ status: 'skipped', id: 99999, reasons: [{ code: '1004', message: 'Lead not found' }] },
		]);
	});

	it('refuses a field the service does not have by name, before any write; Continue On Fail keeps the others', async () => {
		const items = [
			{ email: 'known22@example.net', firstName: 'Known' },
			{ email: 'stray22@example.net', bogusField: 'x', firstname: 'Stray' },
		];
		const message =
			'Item 1 has fields the service\'s leads do not have: "bogusField", "firstname" (the field is "firstName"); it was not written';
		const description =
			'Send only lead fields, by their API names (Lead → Describe lists them): remove or rename the others, or create the field in the service first.';
		const failed = await run(mapped(null), { items });
		expect(failed.error?.message).toBe(message);
		expect(failed.error?.description).toBe(description);
		expect(sim().calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET ${DESCRIBE}`]);

		sim().resetCounters();
		const kept = await run(mapped(null), { items, continueOnFail: true });
		expect(outputOf(kept)).toEqual([
			{
				json: { status: 'created', id: expect.any(Number), email: 'known22@example.net' },
				pairedItem: { item: 0 },
			},
			{ json: { error: message, description }, pairedItem: { item: 1 } },
		]);
		expect(upserts()).toEqual([
			{
				action: 'createOrUpdate',
				lookupField: 'email',
				input: [{ email: 'known22@example.net', firstName: 'Known' }],
			},
		]);
	});

	it('reads the describe once per process for its lifetime, and again for a field it does not know', async () => {
		const items = (n: number, extra: IDataObject = {}) => [
			{ email: `describe${n}@example.net`, firstName: 'Once', ...extra },
		];
		const calls = () => sim().calls.map((c) => `${c.method} ${c.path}`);
		const first = await run(mapped(null), { items: items(1) });
		const second = await run(mapped(null), { items: items(2) });
		expect([first.error, second.error]).toEqual([undefined, undefined]);
		expect(calls()).toEqual([
			`GET ${DESCRIBE}`,
			'POST /rest/v1/leads.json',
			'POST /rest/v1/leads.json',
		]);

		// A field added in the service since: read again, then written.
		sim().resetCounters();
		sim().fields.push({ name: 'webinarTopic', displayName: 'Webinar Topic', dataType: 'string' });
		try {
			const added = await run(mapped(null), { items: items(3, { webinarTopic: 'Bulk jobs' }) });
			expect(added.error).toBeUndefined();
			expect(calls()).toEqual([`GET ${DESCRIBE}`, 'POST /rest/v1/leads.json']);
		} finally {
			sim().fields.pop();
		}
		// A field the service does not have: refused by name, on a describe of this execution.
		sim().resetCounters();
		const unknown = await run(mapped(null), { items: items(4, { favouriteColour: 'Teal' }) });
		expect(unknown.error?.message).toBe(
			'Item 0 has a field the service\'s leads do not have: "favouriteColour"; it was not written',
		);
		expect(calls()).toEqual([`GET ${DESCRIBE}`]);

		// Once the lifetime is over, the next execution reads it again.
		sim().resetCounters();
		jest.replaceProperty(timing, 'describeLifetimeMs', 0);
		await run(mapped(null), { items: items(5) });
		expect(calls()).toEqual([`GET ${DESCRIBE}`, 'POST /rest/v1/leads.json']);
	});

	it('rejects an item without the lookup value or with a bad e-mail before any call, as version 2', async () => {
		const noLookup = await run(mapped(null), {
			items: [{ email: 'ok23@example.net' }, { firstName: 'No mail' }],
		});
		expect(noLookup.error?.message).toBe('Item 1 has no value for the lookup field "email"');
		expect(noLookup.error?.description).toBe('Add a "email" field to the lead data.');
		const badEmail = await run(mapped({ email: 'ana at example' }));
		expect(badEmail.error?.message).toBe(
			'The email "ana at example" of item 0 is not a valid email address',
		);
		const nothing = await run(mapped(null), { items: [{ createdAt: '2026-11-01T00:00:00Z' }] });
		expect(nothing.error?.message).toBe('Item 0 has no lead fields to send');
		const twoLookups = await run(mapped(null, {}, ['email', 'externalId']));
		expect(twoLookups.error?.message).toBe(
			'The Lookup Field of item 0 is "email + externalId", several fields',
		);
		expect(sim().calls).toEqual([]);
	});

	it('a refused describe fails every item once, with no write; Continue On Fail gives each the error', async () => {
		sim().inject('603', { path: DESCRIBE });
		const items = [{ email: 'one24@example.net' }, { email: 'two24@example.net' }];
		const result = await run(mapped(null), { items, continueOnFail: true });
		expect(sim().calls.map((c) => `${c.method} ${c.path} ${c.status} ${c.code}`)).toEqual([
			`GET ${DESCRIBE} 200 603`,
		]);
		const out = outputOf(result);
		expect(out.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(out[0].json).toEqual({
			error: 'The service refused the call (603): Injected fault 603',
			description:
				'The API-only user lacks a permission for this call: check its role in the service.',
			requestId: expect.any(String),
		});
		expect(out[1].json).toEqual(out[0].json);
		sim().inject('603', { path: DESCRIBE });
		const stopped = await run(mapped(null), { items });
		expect(stopped.error?.message).toBe(out[0].json.error);
		expect(upserts()).toEqual([]);
	});

	describe('as an AI agent tool', () => {
		const AGENT_INPUT = { chatInput: 'Add Ana from Example Inc', sessionId: 'session-1' };
		const runAsTool = async (item: IDataObject) =>
			await env.runAsTool({ resource: 'lead', operation: 'createOrUpdate' }, item, {
				typeVersion: 2.1,
			});

		it("maps only the lead the model sent (argument 'lead'), never the agent's input", async () => {
			const result = await runAsTool({
				...AGENT_INPUT,
				lead: { email: 'ana.tool21@example.com', firstName: 'Ana', company: 'Example Inc' },
				toolCallId: 'call_1',
			});
			expect(result.error).toBeUndefined();
			expect(upserts()).toEqual([
				{
					action: 'createOrUpdate',
					lookupField: 'email',
					input: [{ email: 'ana.tool21@example.com', firstName: 'Ana', company: 'Example Inc' }],
				},
			]);
			expect(result.json()).toEqual([
				{ status: 'created', id: expect.any(Number), email: 'ana.tool21@example.com' },
			]);
		});

		it('names the argument for a lead that is no object or has a field the service lacks', async () => {
			const notObject = await runAsTool({
				...AGENT_INPUT,
				lead: 'ana@example.com',
				toolCallId: 'call_2',
			});
			expect(notObject.error?.message).toBe(LEAD_ARGUMENT_NOT_AN_OBJECT);
			const stray = await runAsTool({
				...AGENT_INPUT,
				lead: { email: 'ana@example.com', favouriteColour: 'teal' },
				toolCallId: 'call_3',
			});
			expect(stray.error?.message).toBe(
				"The argument 'lead' has a field the service's leads do not have: \"favouriteColour\"; it was not written. Change the argument 'lead' and call this tool again.",
			);
			expect(upserts()).toEqual([]);
		});
	});
});

describe('Marketing Automation v2: Lead → Create or Update of saved workflows', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('keeps Lead Data and Lookup Field: no describe, a stray field left to the service', async () => {
		const items = [{ email: 'saved2@example.net', bogusField: 'x' }];
		const result = await env.run(LEAD_UPSERT_BY_EMAIL, { items, typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.body])).toEqual([
			[
				'POST',
				'/rest/v1/leads.json',
				{ action: 'createOrUpdate', lookupField: 'email', input: items },
			],
		]);
		expect(result.json()).toEqual([
			{
				status: 'skipped',
				email: 'saved2@example.net',
				reasons: [{ code: '1006', message: "Field 'bogusField' not found" }],
			},
		]);
	});

	it("as a tool, maps the model's 'lead' through Lead (From the Model) of version 2", async () => {
		const lead = { email: 'tool2@example.net', firstName: 'Ana' };
		const result = await env.runAsTool(
			{ resource: 'lead', operation: 'createOrUpdate' },
			{ chatInput: 'Add Ana', lead, toolCallId: 'call_1' },
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.body])).toEqual([
			[
				'POST',
				'/rest/v1/leads.json',
				{ action: 'createOrUpdate', lookupField: 'email', input: [lead] },
			],
		]);
	});
});
