import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { resourceMapping } from '../../../../../nodes/MarketingAutomation/methods';
import { nodeLoadOptionsContext } from '../../../../harness';
import { CREDENTIAL, outputOf, useMarketing } from '../../helpers';

const PATH = '/rest/v1/leads/submitForm.json';
const submit = (value: IDataObject | null, options: IDataObject = {}, form = '501') => ({
	resource: 'form',
	operation: 'submit',
	form: { __rl: true, mode: 'id', value: form },
	formFields: { mappingMode: 'defineBelow', value },
	options,
});

describe('Marketing Automation v2: Form → Submit', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('the mapper offers the form’s own fields, email the required key', async () => {
		const ctx = await nodeLoadOptionsContext(
			{
				type: 'marketingAutomation',
				name: 'Marketing Automation',
				parameters: submit(null, {}, '502') as unknown as INodeParameters,
				credentialType: CREDENTIAL,
				path: 'parameters.formFields',
				typeVersion: 2,
			},
			env.credentials(),
		);
		expect(await resourceMapping.getFormFields.call(ctx)).toEqual({
			fields: [
				{
					id: 'Email',
					displayName: 'Email Address (Email)',
					required: true,
					defaultMatch: false,
					canBeUsedToMatch: false,
					display: true,
					type: 'string',
				},
				{
					id: 'Phone',
					displayName: 'Phone Number (Phone)',
					required: true,
					defaultMatch: false,
					canBeUsedToMatch: false,
					display: true,
					type: 'string',
				},
				{
					id: 'Title',
					displayName: 'Job Title (Title)',
					required: false,
					defaultMatch: false,
					canBeUsedToMatch: false,
					display: true,
					type: 'string',
				},
			],
		});
	});

	it('maps the form’s field ids to REST names through the describe, posts one record as JSON; the fill is logged', async () => {
		// The ids "Get Form Fields" lists (and the mapper offers), not the REST names the fill takes.
		const result = await env.run(
			submit(
				{ Email: ' fay.form@example.com ', FirstName: 'Fay', Company: '' },
				{
					programId: '3003',
					cookie: 'id:123-ABC-456&token:_mch-example.com-1',
					visitorData: { pageURL: 'https://example.com/webinar', userAgentString: 'Mozilla/5.0' },
				},
			),
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.contentType, c.rawBody])).toEqual([
			['GET', '/rest/asset/v1/form/501/fields.json', undefined, ''],
			['GET', '/rest/v1/leads/describe.json', undefined, ''],
			[
				'POST',
				PATH,
				'application/json',
				JSON.stringify({
					formId: 501,
					programId: 3003,
					input: [
						{
							leadFormFields: { email: 'fay.form@example.com', firstName: 'Fay' },
							visitorData: {
								pageURL: 'https://example.com/webinar',
								userAgentString: 'Mozilla/5.0',
							},
							cookie: 'id:123-ABC-456&token:_mch-example.com-1',
						},
					],
				}),
			],
		]);
		const [fill] = outputOf(result);
		expect(fill).toEqual({
			json: {
				formId: 501,
				id: expect.any(Number),
				status: 'created',
				email: 'fay.form@example.com',
				programId: 3003,
			},
			pairedItem: { item: 0 },
		});
		expect(sim().activities.at(-1)).toMatchObject({
			leadId: fill.json.id,
			activityTypeId: 2,
			primaryAttributeValueId: 501,
		});
	});

	it('reads each form’s fields and the describe once for all items; REST names work too', async () => {
		const result = await env.run(
			{
				...submit(null),
				formFields: { mappingMode: 'autoMapInputData', value: null },
			},
			{
				typeVersion: 2,
				items: [
					{ email: 'one@example.com', firstName: 'One' },
					{ email: 'two@example.com', lastName: 'Two' },
				],
			},
		);
		expect(sim().calls.map((c) => [c.method, c.path])).toEqual([
			['GET', '/rest/asset/v1/form/501/fields.json'],
			['GET', '/rest/v1/leads/describe.json'],
			['POST', PATH],
			['POST', PATH],
		]);
		expect(result.json().map((item) => [item.email, item.status])).toEqual([
			['one@example.com', 'created'],
			['two@example.com', 'created'],
		]);
	});

	it('a field not on the form is refused by name before the fill is sent', async () => {
		const result = await env.run(submit({ email: 'stray@example.com', title: 'CEO', Phone: '5' }), {
			typeVersion: 2,
		});
		expect(result.error?.message).toBe(
			'Item 0 sends fields form 501 does not have: "title", "Phone" (its fields: Email, FirstName, LastName, Company); nothing was submitted',
		);
		expect(result.error?.description).toBe(
			'The service takes only the form’s own fields, by field ID (Form → Get Fields lists them) or by the lead field’s REST name: remove or rename the others, or add the field to the form in the service.',
		);
		expect(sim().calls.map((c) => [c.method, c.path])).toEqual([
			['GET', '/rest/asset/v1/form/501/fields.json'],
			['GET', '/rest/v1/leads/describe.json'],
		]);
	});

	it('a field sent by both its names is refused before the fill is sent', async () => {
		const result = await env.run(
			submit({ Email: 'twice@example.com', email: 'twice@example.com' }),
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe(
			'Item 0 sends the field "email" twice, by its field ID and by its REST name; nothing was submitted',
		);
		expect(sim().callsTo('POST', PATH)).toEqual([]);
	});

	it('refuses bad input before any call: no email, a bad email, a list value, a bad program', async () => {
		const cases: Array<[ReturnType<typeof submit>, string]> = [
			[submit({ FirstName: 'Ana' }), 'The form fill of item 0 has no email'],
			[
				submit({ Email: 'ana at example' }),
				'The email "ana at example" of item 0 is not an e-mail address',
			],
			[
				submit({ email: 'ana at example' }),
				'The email "ana at example" of item 0 is not an e-mail address',
			],
			[
				submit({ email: 'ana@example.com', firstName: ['A', 'B'] as unknown as string }),
				'The field "firstName" of item 0 holds a list',
			],
			[
				submit({ email: 'ana@example.com' }, { programId: 'Webinar' }),
				'The program ID "Webinar" in item 0 is not a positive whole number',
			],
		];
		for (const [parameters, message] of cases) {
			const result = await env.run(parameters, { typeVersion: 2 });
			expect(result.error?.message).toBe(message);
		}
		expect(sim().calls).toEqual([]);
	});

	it('Continue On Fail: an item with a stray field gets its error, the others are submitted', async () => {
		const result = await env.run(
			{ ...submit(null), formFields: { mappingMode: 'autoMapInputData', value: null } },
			{
				typeVersion: 2,
				continueOnFail: true,
				items: [{ email: 'ok@example.com' }, { email: 'bad@example.com', title: 'CEO' }],
			},
		);
		expect(outputOf(result)).toEqual([
			{
				json: { formId: 501, id: expect.any(Number), status: 'created', email: 'ok@example.com' },
				pairedItem: { item: 0 },
			},
			{
				json: expect.objectContaining({
					error:
						'Item 1 sends a field form 501 does not have: "title" (its fields: Email, FirstName, LastName, Company); nothing was submitted',
				}),
				pairedItem: { item: 1 },
			},
		]);
		expect(sim().callsTo('POST', PATH)).toHaveLength(1);
	});

	it('a program outside the form’s workspace is the service’s 1003 with its words and the fix', async () => {
		// No program 3999 in the form's workspace.
		const programId = '3999';
		const result = await env.run(submit({ email: 'ws@example.com' }, { programId }), {
			typeVersion: 2,
		});
		expect(result.error?.message).toBe(
			'Form 501 could not be submitted (1003): programId must be a program in the form’s workspace',
		);
		expect(result.error?.description).toMatch(/^The program must be in the form’s workspace/);
	});

	it('an answer lost after sending: may have been recorded, never sent twice', async () => {
		sim().inject('http502-after', { path: PATH });
		const result = await env.run(submit({ email: 'lost@example.com' }), { typeVersion: 2 });
		expect(result.error?.message).toBe(
			'The form fill of lost@example.com on form 501 got no clear answer, so it may have been recorded; it was not sent again',
		);
		expect(result.error?.description).toBe(
			'Submitting again could log a second form fill and run its campaigns twice. Look the lead up by e-mail (Lead → Get Many, filter type email) and check its activities for a "Fill Out Form" on form 501 before running the node again.',
		);
		expect(sim().callsTo('POST', PATH)).toHaveLength(1);
	});

	describe('as an AI agent tool', () => {
		const AGENT_INPUT = { chatInput: 'Register Ana for the webinar', sessionId: 'session-1' };
		const asTool = {
			...submit(null),
			formFields: { mappingMode: 'autoMapInputData', value: null },
		};

		it("submits only the fields the model sent, never the agent's input", async () => {
			const result = await env.runAsTool(
				asTool,
				{
					...AGENT_INPUT,
					fields: { email: 'ana.tool@example.com', firstName: 'Ana' },
					toolCallId: 'call_1',
				},
				{ typeVersion: 2 },
			);
			expect(result.error).toBeUndefined();
			expect(
				sim()
					.callsTo('POST', PATH)
					.map((c) => c.body),
			).toEqual([
				{
					formId: 501,
					input: [{ leadFormFields: { email: 'ana.tool@example.com', firstName: 'Ana' } }],
				},
			]);
			expect(result.json()).toEqual([
				{ formId: 501, id: expect.any(Number), status: 'created', email: 'ana.tool@example.com' },
			]);
		});

		it('a field the form lacks: the model is told which, and which fields the form takes', async () => {
			const result = await env.runAsTool(
				asTool,
				{
					...AGENT_INPUT,
					fields: { email: 'ana.tool@example.com', jobTitle: 'CTO' },
					toolCallId: 'call_2',
				},
				{ typeVersion: 2 },
			);
			// n8n hands the model the error's message: the field, the form's own, and what to do.
			expect(result.error?.message).toBe(
				'This call sends a field form 501 does not have: "jobTitle" (its fields: Email, FirstName, LastName, Company); nothing was submitted. Change the argument \'fields\' and call this tool again.',
			);
			expect(sim().callsTo('POST', PATH)).toEqual([]);
		});
	});
});
