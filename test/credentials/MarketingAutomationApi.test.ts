import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { MarketingAutomationApi } from '../../credentials/MarketingAutomationApi.credentials';
import { DEMO_CLIENT } from '../simulator/marketing';
import { useMarketing } from '../nodes/MarketingAutomation/helpers';
import { runCredentialTest } from './helpers';

/** Not a secret: a value the simulator refuses. */
const WRONG = ['not', 'the', 'secret'].join('-');

describe('Marketing Automation API credential', () => {
	const env = useMarketing();
	const test = async (values: ICredentialDataDecryptedObject) =>
		await runCredentialTest('marketingAutomation', 'marketingAutomationApi', {
			restEndpoint: `${env.sim.url}/rest`,
			clientId: DEMO_CLIENT.clientId,
			clientSecret: DEMO_CLIENT.clientSecret,
			...values,
		});

	it.each([['/rest'], ['/rest/'], ['']])(
		'passes the test with the right ID and secret (endpoint <host>%s): a token, then one read',
		async (suffix) => {
			expect(await test({ restEndpoint: `${env.sim.url}${suffix}` })).toEqual({
				status: 'OK',
				message:
					'Connection successful: the identity endpoint issued a token and the API user can read leads.',
			});
			const sim = env.sim.services.marketing;
			expect(sim.identityCalls).toHaveLength(1);
			expect(sim.identityCalls[0]).toMatchObject({
				method: 'POST',
				query: {},
				contentType: 'application/x-www-form-urlencoded',
			});
			expect(sim.calls.map((c) => [c.method, c.path])).toEqual([
				['GET', '/rest/v1/leads/describe2.json'],
			]);
			expect(sim.calls[0].authorization).toMatch(/^Bearer .+:ab$/);
		},
	);

	it('fails at the identity endpoint with a wrong secret, says what to copy, never echoes it', async () => {
		const result = await test({ clientSecret: WRONG });
		expect(result).toEqual({
			status: 'Error',
			message:
				'The identity endpoint refused the Client ID or Client Secret (HTTP 401). Copy the Client ID and Client Secret again from the custom service of the API-only user (admin pages), and check that the user is active.',
		});
		expect(env.sim.services.marketing.calls).toHaveLength(0);
	});

	it('names the API user permission when the read is refused with 603', async () => {
		env.sim.services.marketing.inject('603', { path: '/rest/v1/leads/describe2.json' });
		expect((await test({})).message).toBe(
			'The token was issued, but the API user may not read the lead database (603, access denied): give its role the "Read-Only Lead" or "Read-Write Lead" permission.',
		);
	});

	it('has no authenticate, no test and no stored token: the nodes fetch, hold and test it', () => {
		const credential = new MarketingAutomationApi();
		expect(credential).not.toHaveProperty('authenticate');
		expect(credential).not.toHaveProperty('preAuthentication');
		expect(credential).not.toHaveProperty('test');
		expect(credential.properties.map((p) => p.name)).toEqual([
			'restEndpoint',
			'clientId',
			'clientSecret',
			'callsPer20Seconds',
			'callsInFlight',
		]);
	});
});
