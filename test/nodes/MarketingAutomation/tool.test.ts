import type { IDataObject } from 'n8n-workflow';

import { outputOf, useMarketing } from './helpers';
import {
	EMAILS_ARGUMENT_INVALID,
	LEAD_ARGUMENT_MISSING,
	LEAD_ARGUMENT_NOT_AN_OBJECT,
	LEAD_ARGUMENT_WITHOUT_EMAIL,
	NO_LEAD_FIELDS_TO_SEND,
} from './messages';

/**
 * The node as an AI agent's tool. n8n hands a tool the agent's own input item (here a chat's
 * `chatInput` and `sessionId`), plus the model's arguments, plus `toolCallId`; the harness runs the
 * node's `<type>Tool` variant with such an item.
 */
const AGENT_INPUT = { chatInput: 'Add Ana from Example Inc', sessionId: 'session-1' };

describe('Marketing Automation as an AI agent tool', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;
	const runAsTool = async (parameters: IDataObject, item: IDataObject) =>
		await env.runAsTool(parameters, item);

	describe('Lead → Create or Update with Map Automatically', () => {
		it("maps only the lead the model sent, never the agent's input or toolCallId", async () => {
			const result = await runAsTool(
				{ resource: 'lead', operation: 'createOrUpdate' },
				{
					...AGENT_INPUT,
					lead: { email: 'ana.tool@example.com', firstName: 'Ana', company: 'Example Inc' },
					toolCallId: 'call_1',
				},
			);
			expect(result.error).toBeUndefined();
			const upserts = sim().callsTo('POST', '/rest/v1/leads.json');
			expect(upserts.map((call) => call.body)).toEqual([
				{
					action: 'createOrUpdate',
					lookupField: 'email',
					input: [{ email: 'ana.tool@example.com', firstName: 'Ana', company: 'Example Inc' }],
				},
			]);
			expect(outputOf(result)).toEqual([
				{
					json: { status: 'created', id: expect.any(Number), email: 'ana.tool@example.com' },
					pairedItem: { item: 0 },
				},
			]);
		});

		it('refuses a lead that is not an object before any call, naming the argument', async () => {
			const result = await runAsTool(
				{ resource: 'lead', operation: 'createOrUpdate' },
				{ ...AGENT_INPUT, lead: 'ana@example.com', toolCallId: 'call_2' },
			);
			expect(result.error?.message).toBe(LEAD_ARGUMENT_NOT_AN_OBJECT);
			expect(sim().calls.filter((call) => call.path === '/rest/v1/leads.json')).toEqual([]);
		});

		it("refuses flat lead fields (no 'lead'), naming the argument and showing the shape", async () => {
			const result = await runAsTool(
				{ resource: 'lead', operation: 'createOrUpdate' },
				{ ...AGENT_INPUT, email: 'ana@example.com', firstName: 'Ana', toolCallId: 'call_6' },
			);
			expect(result.error?.message).toBe(LEAD_ARGUMENT_MISSING);
			expect(sim().callsTo('POST', '/rest/v1/leads.json')).toEqual([]);
		});

		it('names the lead argument when its lookup field or e-mail is wrong', async () => {
			const noEmail = await runAsTool(
				{ resource: 'lead', operation: 'createOrUpdate' },
				{ ...AGENT_INPUT, lead: { firstName: 'Ana' }, toolCallId: 'call_7' },
			);
			expect(noEmail.error?.message).toBe(LEAD_ARGUMENT_WITHOUT_EMAIL);
			const badEmail = await runAsTool(
				{ resource: 'lead', operation: 'createOrUpdate' },
				{ ...AGENT_INPUT, lead: { email: 'ana at example' }, toolCallId: 'call_8' },
			);
			expect(badEmail.error?.message).toBe(
				"The email \"ana at example\" of the argument 'lead' is not a valid email address. Change the argument 'lead' and call this tool again.",
			);
			expect(sim().callsTo('POST', '/rest/v1/leads.json')).toEqual([]);
		});

		it('with Lead (From the Model) cleared, maps none of the item (nor the other arguments)', async () => {
			const result = await runAsTool(
				{
					resource: 'lead',
					operation: 'createOrUpdate',
					toolLead: '',
					additionalFields: { partitionName: "={{ $fromAI('partition') }}" },
				},
				{ ...AGENT_INPUT, partition: 'Default', toolCallId: 'call_3' },
			);
			// No lead object: neither the agent's input, toolCallId nor `partition` becomes a lead field.
			// Only the user can fix that setting: the model is told to stop and say so.
			expect(result.error?.message).toBe(NO_LEAD_FIELDS_TO_SEND);
			expect(sim().callsTo('POST', '/rest/v1/leads.json')).toEqual([]);
		});
	});

	describe('Lead → Get Many', () => {
		it('says found: false with the value looked for when no lead matches', async () => {
			const result = await runAsTool(
				{
					resource: 'lead',
					operation: 'getAll',
					filterType: 'email',
					filterValues: "={{ $fromAI('emails', 'Comma-separated e-mail addresses', 'string') }}",
					options: { fields: ['email', 'firstName'] },
				},
				{ ...AGENT_INPUT, emails: 'lead2@example.com, nobody@example.com', toolCallId: 'call_4' },
			);
			expect(result.error).toBeUndefined();
			expect(outputOf(result)).toEqual([
				{ json: { email: 'lead2@example.com', firstName: 'Chloe' }, pairedItem: { item: 0 } },
				{ json: { found: false, email: 'nobody@example.com' }, pairedItem: { item: 0 } },
			]);
		});

		it('names the argument and says the fix for a bad value, before any call', async () => {
			const result = await runAsTool(
				{
					resource: 'lead',
					operation: 'getAll',
					filterType: 'email',
					filterValues: "={{ $fromAI('emails', 'Comma-separated e-mail addresses', 'string') }}",
				},
				{ ...AGENT_INPUT, emails: 'ana at example', toolCallId: 'call_5' },
			);
			expect(result.error?.message).toBe(EMAILS_ARGUMENT_INVALID);
			expect(sim().callsTo('GET', '/rest/v1/leads.json')).toEqual([]);
		});

		it('an explicit Include Not Found off is kept, and the empty answer says "no records"', async () => {
			const result = await runAsTool(
				{
					resource: 'lead',
					operation: 'getAll',
					filterType: 'email',
					filterValues: "={{ $fromAI('emails') }}",
					options: { includeNotFound: false },
				},
				{ ...AGENT_INPUT, emails: 'nobody@example.com', toolCallId: 'call_6' },
			);
			expect(outputOf(result)).toEqual([
				{
					json: {
						found: false,
						message: 'No records: nothing matches this request',
						query: { emails: 'nobody@example.com' },
					},
					pairedItem: { item: 0 },
				},
			]);
		});
	});
});

describe('Marketing Automation version 2: Lead → Get Many says found: false by default', () => {
	const env = useMarketing();
	const getMany = async (typeVersion: number, options: IDataObject = {}) =>
		await env.run(
			{
				resource: 'lead',
				operation: 'getAll',
				filterType: 'email',
				filterValues: 'lead2@example.com, nobody@example.com',
				options: { fields: ['email', 'firstName'], ...options },
			},
			{ typeVersion },
		);
	const found = {
		json: { email: 'lead2@example.com', firstName: 'Chloe' },
		pairedItem: { item: 0 },
	};
	const miss = { json: { found: false, email: 'nobody@example.com' }, pairedItem: { item: 0 } };

	it('a new node (version 2) outputs the miss without setting Include Not Found', async () => {
		expect(outputOf(await getMany(2))).toEqual([found, miss]);
	});

	it('a saved node (version 1) keeps its behaviour: no item for the miss', async () => {
		expect(outputOf(await getMany(1))).toEqual([found]);
	});

	it('Include Not Found turned off in version 2 is kept', async () => {
		expect(outputOf(await getMany(2, { includeNotFound: false }))).toEqual([found]);
	});
});
