import type { ICredentialDataDecryptedObject, ICredentialType } from 'n8n-workflow';

import { runCredentialTest, type CredentialSimulator } from './helpers';
import {
	connectionRefused,
	CONTRACT_BASE_URL_REQUIRED,
	contractNoApiAt,
	enrichmentNoServiceApiAt,
} from './messages';

/** `[name, credential, icon]` of an enrichment credential. */
export type CredentialRow = [name: string, credential: ICredentialType, icon: string];

/** What both enrichment credentials are: the node adds the key header and tests it. */
export function enrichmentCredentialBasics(...rows: CredentialRow[]) {
	it.each(rows)(
		'%s: no authenticate and no test (the node adds the key header and tests it), key hidden',
		(name, credential, icon) => {
			expect(credential.name).toBe(name);
			expect(credential).not.toHaveProperty('authenticate');
			expect(credential).not.toHaveProperty('test');
			expect(credential.properties.find((p) => p.name === 'apiKey')?.typeOptions?.password).toBe(
				true,
			);
			expect(credential.documentationUrl).toMatch(/^https:\/\//);
			expect(credential.icon).toEqual({
				light: `file:../icons/${icon}.svg`,
				dark: `file:../icons/${icon}.dark.svg`,
			});
		},
	);
}

/** `[prefix, node, credential type, demo key, service address, where the key comes from]`. */
export type CredentialTestRow = [
	prefix: 'anz' | 'global',
	nodeName: string,
	credentialType: string,
	apiKey: string,
	serviceUrl: string,
	keySource: string,
];

/**
 * An enrichment credential's test (the node's `methods.credentialTest`) on either API: what it
 * says for a good key and for each mistake, naming the field to change.
 */
export function enrichmentCredentialTests(env: CredentialSimulator, ...rows: CredentialTestRow[]) {
	describe.each(rows)('%s', (prefix, nodeName, credentialType, apiKey, serviceUrl, keySource) => {
		const test = async (values: ICredentialDataDecryptedObject) =>
			await runCredentialTest(nodeName, credentialType, {
				api: 'service',
				serviceUrl: `${env.sim.url}/${prefix}`,
				baseUrl: '',
				apiKey,
				...values,
			});
		const service = () => env.sim.services[prefix as 'anz' | 'global'];

		it('passes on either API with a valid key, the key only in its header', async () => {
			service().calls.length = 0;
			const ok = {
				status: 'OK',
				message: 'Connection successful: the service accepted the API key.',
			};
			expect(await test({})).toEqual(ok);
			expect(await test({ api: 'contract', baseUrl: `${env.sim.url}/${prefix}` })).toEqual(ok);
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
				enrichmentNoServiceApiAt('SIM/nope/PATH', serviceUrl),
			],
			[
				'a contract Base URL with a wrong path',
				{ api: 'contract', baseUrl: 'SIM/nope' },
				contractNoApiAt('SIM/nope'),
			],
			[
				'the contract without Base URL',
				{ api: 'contract', baseUrl: '' },
				CONTRACT_BASE_URL_REQUIRED,
			],
			[
				'an invalid Service URL',
				{ serviceUrl: 'not a url' },
				`Service URL "not a url" is not a valid http(s) address: enter it like ${serviceUrl}.`,
			],
			[
				'a closed port',
				{ serviceUrl: 'CLOSED' },
				connectionRefused('HOST', 'Service URL', serviceUrl),
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
					.replace(/HTTPS_SIM/g, env.sim.url.replace('http://', 'https://'))
					.replace(/SIM/g, env.sim.url)
					.replace('CLOSED', env.closed)
					.replace('HOST', env.closed.slice(7))
					.replace('PATH', path);
			const filled = Object.fromEntries(
				Object.entries(values).map(([key, value]) => [key, fill(value)]),
			);
			expect(await test(filled)).toEqual({ status: 'Error', message: fill(message) });
		});
	});
}
