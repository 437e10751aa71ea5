import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunctions,
	IDataObject,
} from 'n8n-workflow';

import { flowStepCredentialCheck } from '../../../../nodes/MarketingAutomation/flowStep/credentialCheck';

import { flowStepContract } from '../../../contracts/flowStep';
import { checkAnswer, checkRequest, matchEndpoint } from '../../../contracts/check';
import { fixClock } from '../../../harness/clock';
import { webhookTrigger, type WebhookRequest } from '../../../harness/webhookTrigger';
import { FLOW_STEP_PARAMETERS, invocationBody, KEY } from './fixtures';

/**
 * The Flow Step Trigger as the marketing service meets it: every answer it serves is checked
 * against the provider interface's contract (1.0.0); the credential is checked on every call but
 * the install document's; an invocation starts one run with one item per lead, answered 201 by n8n;
 * a duplicate token and a refused call start nothing.
 */

const NOW = Date.parse('2026-12-01T09:00:00Z');

const trigger = async (
	parameters: IDataObject = FLOW_STEP_PARAMETERS,
	credentials: ICredentialDataDecryptedObject = { authentication: 'apiKey', apiKey: KEY },
) =>
	await webhookTrigger({
		type: 'marketingAutomationFlowStepTrigger',
		parameters: parameters as never,
		credentialType: 'marketingAutomationFlowStepApi',
		credentials,
	});

type Trigger = Awaited<ReturnType<typeof trigger>>;

/** One call to an endpoint, and its answer checked against the contract. */
async function call(
	node: Trigger,
	method: 'GET' | 'POST',
	path: string,
	body?: IDataObject,
	headers: Record<string, string> = { 'x-api-key': KEY },
) {
	const request: WebhookRequest = {
		method,
		path: `hook-0001/${path}`,
		headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
		rawBody: body === undefined ? undefined : JSON.stringify(body),
	};
	const answer = await node.request(request);
	const endpoint = matchEndpoint(flowStepContract, method, `/${path}`)!.endpoint;
	if (body !== undefined) {
		const check = checkRequest(flowStepContract, {
			method,
			path: `/${path}`,
			query: new URLSearchParams(),
			contentType: 'application/json',
			body,
		});
		expect(check.problems).toEqual([]);
	}
	expect(checkAnswer(endpoint, answer.status!, answer.body)).toEqual([]);
	return answer;
}

beforeEach(() => fixClock(NOW));
afterEach(() => jest.useRealTimers());

describe('Marketing Automation Flow Step Trigger', () => {
	it('serves the install document without credentials, at interface version 1.0.0', async () => {
		const node = await trigger();
		const answer = await call(node, 'GET', 'openapi.json', undefined, {});
		expect(answer.status).toBe(200);
		const document = answer.body as IDataObject;
		expect(document.info).toEqual({
			title: 'Enrich Lead',
			description: 'Adds job title and company size',
			version: '1.0.0',
			'x-providerName': 'n8n',
			'x-schemaVersion': '1.0.0',
			'x-supportContact': 'ops@example.com',
		});
		expect(document.security).toEqual([{ apiKey: [] }]);
		expect((document.components as IDataObject).securitySchemes).toEqual({
			apiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' },
		});
		expect(Object.keys(document.paths as IDataObject).sort()).toEqual([
			'/brandIcon',
			'/getPicklist',
			'/getServiceDefinition',
			'/serviceIcon',
			'/status',
			'/submitAsyncAction',
		]);
		expect(answer.result.workflowData).toBeUndefined();
	});

	it('declares Basic authentication when the credential is a user and password', async () => {
		const node = await trigger(FLOW_STEP_PARAMETERS, {
			authentication: 'basic',
			user: 'marketing',
			password: 'demo-password',
		});
		const document = (await call(node, 'GET', 'openapi.json', undefined, {})).body as IDataObject;
		expect(document.security).toEqual([{ basic: [] }]);
		const basic = `Basic ${Buffer.from('marketing:demo-password').toString('base64')}`;
		expect((await call(node, 'GET', 'status', undefined, { authorization: basic })).status).toBe(
			200,
		);
		const wrong = `Basic ${Buffer.from('marketing:guess').toString('base64')}`;
		expect((await call(node, 'GET', 'status', undefined, { authorization: wrong })).status).toBe(
			403,
		);
	});

	it('serves the service definition the node fields describe', async () => {
		const node = await trigger();
		const answer = await call(node, 'GET', 'getServiceDefinition');
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({
			apiName: 'enrichLead',
			i18n: {
				en_US: {
					name: 'Enrich Lead',
					description: 'Adds job title and company size',
					triggerName: 'Enrich Lead was used',
					filterName: 'Used Enrich Lead',
				},
			},
			primaryAttribute: 'depth',
			invocationPayloadDef: {
				flowAttributes: [
					{
						apiName: 'depth',
						i18n: { en_US: { name: 'Depth' } },
						dataType: 'string',
						hasPicklist: true,
						enforcePicklistSelect: true,
					},
				],
				fields: [
					{
						serviceAttribute: 'email',
						suggestedMarketoAttribute: 'email',
						description: { en_US: 'email' },
						dataType: 'email',
						required: true,
					},
				],
				userDrivenMapping: false,
				programContext: false,
				campaignContext: false,
				triggerContext: true,
				programMemberContext: true,
				subscriptionContext: false,
			},
			callbackPayloadDef: {
				attributes: [
					{ apiName: 'source', i18n: { en_US: { name: 'Source' } }, dataType: 'string' },
				],
				fields: [
					{
						serviceAttribute: 'jobTitle',
						suggestedMarketoAttribute: 'title',
						description: { en_US: 'jobTitle' },
						dataType: 'string',
					},
					{
						serviceAttribute: 'companySize',
						suggestedMarketoAttribute: 'numberOfEmployees',
						description: { en_US: 'companySize' },
						dataType: 'integer',
					},
				],
				userDrivenMapping: false,
			},
		});
	});

	it('adds a Step Label input when none is declared (the interface needs a primary one)', async () => {
		const node = await trigger({ ...FLOW_STEP_PARAMETERS, flowInputs: {} });
		const definition = (await call(node, 'GET', 'getServiceDefinition')).body as IDataObject;
		expect(definition.primaryAttribute).toBe('stepLabel');
	});

	it('serves the picklist of an input, the status and both icons', async () => {
		const node = await trigger();
		const picklist = await call(node, 'POST', 'getPicklist', { name: 'depth', type: 'flow' });
		expect(picklist.body).toEqual({
			choices: [
				{ displayValue: { en_US: 'Quick look-up' }, submittedValue: 'quick' },
				{ displayValue: { en_US: 'full' }, submittedValue: 'full' },
			],
		});
		expect(
			(await call(node, 'POST', 'getPicklist', { name: 'other', type: 'global' })).body,
		).toEqual({ choices: [] });
		expect((await call(node, 'GET', 'status')).body).toEqual({
			info: ['Enrich Lead is served by an n8n workflow'],
			warnings: [],
			errors: [],
		});
		for (const icon of ['brandIcon', 'serviceIcon']) {
			const answer = await call(node, 'GET', icon);
			expect(answer.status).toBe(200);
			expect(answer.headers).toEqual({ 'content-type': 'image/svg+xml' });
			expect(String(answer.body)).toMatch(/^<svg /);
		}
	});

	it.each([
		['no key', 401, {}, 'Credentials required'],
		['a wrong key', 403, { 'x-api-key': 'guess' }, 'Authentication failed'],
	])('answers a call with %s %i and starts nothing', async (_what, status, headers, message) => {
		const node = await trigger();
		for (const [method, path, body] of [
			['GET', 'getServiceDefinition'],
			['GET', 'status'],
			['GET', 'serviceIcon'],
			['POST', 'getPicklist', { name: 'depth', type: 'flow' }],
			['POST', 'submitAsyncAction', invocationBody('tok-1')],
		] as Array<['GET' | 'POST', string, IDataObject?]>) {
			const answer = await call(node, method, path, body, headers);
			expect([path, answer.status, answer.body]).toEqual([path, status, { message }]);
			expect(answer.result.workflowData).toBeUndefined();
		}
		expect(node.staticData()).toEqual({});
	});

	it('starts one run with one item per lead, answered 201 by n8n once it recorded the run', async () => {
		const node = await trigger();
		const answer = await call(node, 'POST', 'submitAsyncAction', invocationBody('tok-1'));
		// Not by the node: n8n answers after it saved (and in queue mode queued) the run, so an
		// acknowledged batch is one n8n keeps; a main instance that fails first answers an error.
		expect([answer.answeredBy, answer.status, answer.body]).toEqual(['n8n', 201, undefined]);
		expect(answer.result.noWebhookResponse).toBeUndefined();
		const callback = {
			url: 'https://callback.example.com/flowstep/callback/run-1',
			apiKey: 'cb-key-1',
			token: 'tok-1',
			munchkinId: '123-ABC-456',
			invocation: expect.stringMatching(/^[0-9a-f]{32}$/),
			leads: 2,
		};
		expect(answer.result.workflowData).toEqual([
			[101, 102].map((id) => ({
				json: {
					leadId: id,
					lead: { id, email: `lead${id}@example.com` },
					flowInputs: { depth: 'quick' },
					programMember: { status: 'Registered' },
					trigger: { name: 'Webinar form', triggerName: 'Filled Out Form' },
					campaignId: 1042,
					batchId: 'batch-1',
					context: {
						campaign: { id: 1042, name: 'Enrich new leads' },
						program: {},
						admin: {},
						subscription: { munchkinId: '123-ABC-456' },
					},
					receivedAt: '2026-12-01T09:00:00.000Z',
					callback,
				},
			})),
		]);
		// The token is kept only as a hash.
		expect(JSON.stringify(node.staticData())).not.toContain('tok-1');
	});

	it('starts one run for an invocation delivered twice (the same token)', async () => {
		const node = await trigger();
		const first = await call(node, 'POST', 'submitAsyncAction', invocationBody('tok-1'));
		const again = await call(node, 'POST', 'submitAsyncAction', invocationBody('tok-1'));
		expect([first.status, again.status]).toEqual([201, 201]);
		expect(first.result.workflowData).toHaveLength(1);
		// The duplicate starts nothing: the node acknowledges it itself.
		expect([again.answeredBy, again.result.workflowData]).toEqual([undefined, undefined]);
		const other = await call(node, 'POST', 'submitAsyncAction', invocationBody('tok-2'));
		expect(other.result.workflowData).toHaveLength(1);
	});

	it('answers 429 over Invocations per Minute, so the service retries, and runs the retry later', async () => {
		const node = await trigger({ ...FLOW_STEP_PARAMETERS, options: { invocationsPerMinute: 1 } });
		expect((await call(node, 'POST', 'submitAsyncAction', invocationBody('tok-1'))).status).toBe(
			201,
		);
		const busy = await call(node, 'POST', 'submitAsyncAction', invocationBody('tok-2'));
		expect([busy.status, busy.body, busy.result.workflowData]).toEqual([
			429,
			{ message: 'More than 1 invocations in the last minute: retry later' },
			undefined,
		]);
		fixClock(NOW + 60_000);
		const retried = await call(node, 'POST', 'submitAsyncAction', invocationBody('tok-2'));
		expect(retried.status).toBe(201);
		expect(retried.result.workflowData).toHaveLength(1);
	});

	it('answers 400 to an invocation it could not call back, and starts nothing', async () => {
		const node = await trigger();
		const body = invocationBody('tok-1');
		delete body.token;
		const answer = await node.request({
			method: 'POST',
			path: 'hook-0001/submitAsyncAction',
			headers: { 'x-api-key': KEY },
			rawBody: JSON.stringify(body),
		});
		expect([answer.status, answer.body, answer.result.workflowData]).toEqual([
			400,
			{ message: 'Invalid invocation: token is missing: the callback could not be sent' },
			undefined,
		]);
	});

	it('refuses to activate, and reports in its status, a flow step the interface forbids', async () => {
		const parameters = {
			...FLOW_STEP_PARAMETERS,
			activityAttributes: { attribute: [{ apiName: 'depth', dataType: 'string' }] },
		};
		const node = await trigger(parameters);
		await expect(node.create()).rejects.toThrow(
			'The flow step cannot be served: "depth" is both a flow step input and an activity attribute; rename one',
		);
		expect(((await call(node, 'GET', 'status')).body as IDataObject).errors).toEqual([
			'"depth" is both a flow step input and an activity attribute; rename one',
		]);
		const invoked = await call(node, 'POST', 'submitAsyncAction', invocationBody('tok-1'));
		expect([invoked.status, invoked.result.workflowData]).toEqual([500, undefined]);
		await expect((await trigger()).create()).resolves.toBe(true);
	});
});

describe('Marketing Automation Flow Step API credential test', () => {
	const test = async (data: ICredentialDataDecryptedObject) =>
		await flowStepCredentialCheck.call({} as ICredentialTestFunctions, {
			id: 'c',
			name: 'c',
			type: 'marketingAutomationFlowStepApi',
			data,
		});

	it('accepts a long key and says that nothing was called', async () => {
		expect(await test({ authentication: 'apiKey', apiKey: 'k'.repeat(16) })).toEqual({
			status: 'OK',
			message:
				'The API key can be used: enter the same in the marketing service when you install the flow step (nothing was called)',
		});
	});

	it('refuses a short key, and Basic without a user', async () => {
		expect(await test({ authentication: 'apiKey', apiKey: 'short' })).toEqual({
			status: 'Error',
			message:
				'The API key has 5 characters: use at least 16 (a random one), and the same in the marketing service',
		});
		expect(await test({ authentication: 'basic', user: '', password: 'p'.repeat(20) })).toEqual({
			status: 'Error',
			message: 'Enter a user: the service sends it with the password',
		});
	});
});
