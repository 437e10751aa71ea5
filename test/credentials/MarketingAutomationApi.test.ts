import type { ICredentialDataDecryptedObject, IHttpRequestHelper } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { loadPackage } from '../harness';
import { DEMO_CLIENT } from '../simulator/marketing';
import { CREDENTIAL, loadOptionsContext, useMarketing } from '../nodes/MarketingAutomation/helpers';

/** Not a secret: a value the simulator refuses. */
const WRONG = ['not', 'the', 'secret'].join('-');

describe('Marketing Automation API credential', () => {
	const env = useMarketing();

	async function credentialTest(values: ICredentialDataDecryptedObject) {
		const pkg = await loadPackage();
		const type = pkg.getCredentialType(CREDENTIAL);
		const context = await loadOptionsContext(env);
		const helpers: IHttpRequestHelper = { helpers: { httpRequest: context.helpers.httpRequest } };
		// What n8n does for a credential test: preAuthentication, then the test request, signed.
		const data = { ...values, ...(await type.preAuthentication!.call(helpers, values)) };
		const workflow = new Workflow({
			nodes: [],
			connections: {},
			active: false,
			nodeTypes: pkg.nodeTypes,
		});
		const resolve = (value: string) =>
			workflow.expression.getSimpleParameterValue(
				{ id: 't', name: 't', type: 'x', typeVersion: 1, position: [0, 0], parameters: {} },
				value,
				'internal',
				{ $credentials: data },
			) as string;
		const request = type.test!.request;
		return await context.helpers.httpRequest({
			method: request.method,
			url: `${resolve(request.baseURL as string)}${request.url as string}`,
			headers: { Authorization: resolve('=Bearer {{$credentials.accessToken}}') },
			json: true,
		});
	}

	it.each([['/rest'], ['/rest/'], ['']])(
		'passes the test with the right ID and secret (endpoint <host>%s)',
		async (suffix) => {
			const answer = await credentialTest({
				restEndpoint: `${env.sim.url}${suffix}`,
				clientId: DEMO_CLIENT.clientId,
				clientSecret: DEMO_CLIENT.clientSecret,
			});
			expect(answer).toMatchObject({
				success: true,
				result: [expect.objectContaining({ name: 'API Lead' })],
			});
			const sim = env.sim.services.marketing;
			expect(sim.calls.map((c) => [c.method, c.path])).toEqual([
				['GET', '/rest/v1/leads/describe2.json'],
			]);
			expect(sim.identityCalls).toHaveLength(1);
		},
	);

	it('fails the test at the identity endpoint with a wrong secret, without echoing it', async () => {
		const failure = credentialTest({
			restEndpoint: `${env.sim.url}/rest`,
			clientId: DEMO_CLIENT.clientId,
			clientSecret: WRONG,
		});
		await expect(failure).rejects.toThrow(
			'The identity endpoint refused the client ID or secret (HTTP 401)',
		);
		await failure.catch((error: Error) =>
			expect(JSON.stringify(error) + error.message).not.toContain(WRONG),
		);
		expect(env.sim.services.marketing.calls).toHaveLength(0);
	});

	it('is usable from the HTTP Request node: generic Bearer header from the stored token', async () => {
		const pkg = await loadPackage();
		const type = pkg.getCredentialType(CREDENTIAL);
		expect(type.authenticate).toEqual({
			type: 'generic',
			properties: { headers: { Authorization: '=Bearer {{$credentials.accessToken}}' } },
		});
		expect(type.properties.find((p) => p.name === 'accessToken')).toMatchObject({
			type: 'hidden',
			typeOptions: { expirable: true },
		});
	});
});
