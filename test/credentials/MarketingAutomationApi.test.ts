import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { MarketingAutomationApi } from '../../credentials/MarketingAutomationApi.credentials';
import { DEMO_CLIENT } from '../simulator/marketing';
import { useMarketing } from '../nodes/MarketingAutomation/helpers';
import { runCredentialTest } from './helpers';
import { MARKETING_CLIENT_REFUSED, MARKETING_LEAD_READ_REFUSED } from './messages';

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
			message: MARKETING_CLIENT_REFUSED,
		});
		expect(env.sim.services.marketing.calls).toHaveLength(0);
	});

	it('names the API user permission when the read is refused with 603', async () => {
		env.sim.services.marketing.inject('603', { path: '/rest/v1/leads/describe2.json' });
		expect((await test({})).message).toBe(MARKETING_LEAD_READ_REFUSED);
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
