import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { freePort } from '../e2e/runner';
import { startServices, type Simulator } from '../simulator';
import { runCredentialTest } from './helpers';

/**
 * Every node that uses a credential tests it (`testedBy`), and each failure says what is wrong
 * and which field to change. The messages of a host that does not resolve are checked in a real
 * n8n (test/e2e/credentials.test.ts); these tests talk only to 127.0.0.1.
 */
describe('credential tests (the nodes’ methods.credentialTest)', () => {
	let sim: Simulator;
	let closed = '';
	beforeAll(async () => {
		sim = await startServices();
		closed = `http://127.0.0.1:${await freePort()}`;
	});
	afterAll(async () => await sim.close());

	describe('admin', () => {
		const test = async (values: ICredentialDataDecryptedObject) =>
			await runCredentialTest('agentPlatformAdmin', 'agentPlatformApi', {
				region: 'custom',
				baseUrl: sim.url,
				projectId: 'proj-demo',
				apiKey: 'sk-demo-admin',
				...values,
			});

		it('passes with a valid key, sending Bearer <project>:<key> to GET /auth/info', async () => {
			sim.services.admin.calls.length = 0;
			expect(await test({})).toEqual({
				status: 'OK',
				message: 'Connection successful: the service accepted the API key for this project.',
			});
			expect(sim.services.admin.calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
				'GET /latest/auth/info 200',
			]);
		});

		it.each([
			[
				'a wrong key',
				{ apiKey: 'sk-wrong' },
				'The service refused the API key for this project (HTTP 401). Check that the API Key is complete, that the Project ID is a project of the key’s organization, and that Region is the region your organization lives in (a key works only in its own region).',
			],
			[
				'a Base URL with a wrong path',
				{ baseUrl: 'SIM/app' },
				'No API answers at SIM/app/latest/auth/info (HTTP 404). With Region Custom, Base URL must be the API’s address (e.g. https://api-xxxxxx.stack.example.com), not the app’s web address.',
			],
			[
				'an invalid Base URL',
				{ baseUrl: 'http://exa mple' },
				'Base URL "http://exa mple" is not a valid http(s) address: enter it like https://api-xxxxxx.stack.example.com.',
			],
			[
				'no Base URL with Region Custom',
				{ baseUrl: ' ' },
				"Base URL is required when Region is Custom: enter the API's address (e.g. https://api-xxxxxx.stack.example.com), or choose your organization's region.",
			],
			[
				'a closed port',
				{ baseUrl: 'CLOSED' },
				'Nothing accepts connections at HOST. Check the host and port in Base URL (it looks like https://api-xxxxxx.stack.example.com); if they are right, a firewall or proxy between n8n and the service refuses the connection.',
			],
		])('with %s, says what to change', async (_case, values: Record<string, string>, message) => {
			const fill = (text: string) =>
				text.replace('SIM', sim.url).replace('CLOSED', closed).replace('HOST', closed.slice(7));
			const result = await test({ ...values, baseUrl: fill(values.baseUrl ?? sim.url) });
			expect(result).toEqual({ status: 'Error', message: fill(message) });
		});
	});

	describe.each([
		[
			'anz',
			'anzSalesIntelligence',
			'anzSalesIntelligenceApi',
			'anz-demo-key',
			'https://api.firmable.com',
			"the service's dashboard (profile, integrations, API)",
		],
		[
			'global',
			'globalEnrichment',
			'globalEnrichmentApi',
			'global-demo-key',
			'https://api.lusha.com',
			"the service's API settings page",
		],
	])('%s', (prefix, nodeName, credentialType, apiKey, serviceUrl, keySource) => {
		const test = async (values: ICredentialDataDecryptedObject) =>
			await runCredentialTest(nodeName, credentialType, {
				api: 'service',
				serviceUrl: `${sim.url}/${prefix}`,
				baseUrl: '',
				apiKey,
				...values,
			});
		const service = () => sim.services[prefix as 'anz' | 'global'];

		it('passes on either API with a valid key, the key only in its header', async () => {
			service().calls.length = 0;
			const ok = {
				status: 'OK',
				message: 'Connection successful: the service accepted the API key.',
			};
			expect(await test({})).toEqual(ok);
			expect(await test({ api: 'contract', baseUrl: `${sim.url}/${prefix}` })).toEqual(ok);
			expect(service().calls.map((c) => c.apiKey)).toEqual([apiKey, apiKey]);
			expect(service().calls.every((c) => !JSON.stringify(c.query ?? {}).includes(apiKey))).toBe(
				true,
			);
		});

		it.each([
			[
				'a wrong key',
				{ apiKey: 'wrong' },
				`The service refused the API key (HTTP 401). Check the API Key: copy it again from ${keySource}, without spaces.`,
			],
			[
				'a Service URL with a wrong path',
				{ serviceUrl: 'SIM/nope' },
				`No API answers at SIM/nope/PATH (HTTP 404). Service URL must be the address of the service's own API, e.g. ${serviceUrl}; or choose Connection Contract in API for a gateway.`,
			],
			[
				'a contract Base URL with a wrong path',
				{ api: 'contract', baseUrl: 'SIM/nope' },
				'No API answers at SIM/nope/account/usage (HTTP 404). Base URL (Connection Contract) must be the address of the gateway that speaks the connection contract, e.g. https://gateway.example.com.',
			],
			[
				'the contract without Base URL',
				{ api: 'contract', baseUrl: '' },
				'Base URL (Connection Contract) is required when API is Connection Contract: enter the gateway address (e.g. https://gateway.example.com), or choose Service API.',
			],
			[
				'an invalid Service URL',
				{ serviceUrl: 'not a url' },
				`Service URL "not a url" is not a valid http(s) address: enter it like ${serviceUrl}.`,
			],
			[
				'a closed port',
				{ serviceUrl: 'CLOSED' },
				`Nothing accepts connections at HOST. Check the host and port in Service URL (it looks like ${serviceUrl}); if they are right, a firewall or proxy between n8n and the service refuses the connection.`,
			],
			[
				'an https Service URL whose server speaks plain HTTP',
				{ serviceUrl: 'HTTPS_SIM' },
				'The address HTTPS_SIM did not answer over HTTPS (EPROTO): it probably serves plain HTTP. If it does, enter SIM in Service URL; nothing was sent.',
			],
		])('with %s, says what to change', async (_case, values, message) => {
			const path = prefix === 'anz' ? 'people/search' : 'account/usage';
			const fill = (text: string) =>
				text
					.replace(/HTTPS_SIM/g, sim.url.replace('http://', 'https://'))
					.replace(/SIM/g, sim.url)
					.replace('CLOSED', closed)
					.replace('HOST', closed.slice(7))
					.replace('PATH', path);
			const filled = Object.fromEntries(
				Object.entries(values).map(([key, value]) => [key, fill(value)]),
			);
			expect(await test(filled)).toEqual({ status: 'Error', message: fill(message) });
		});
	});
});
