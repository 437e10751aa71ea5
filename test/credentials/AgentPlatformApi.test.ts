import { AgentPlatformApi } from '../../credentials/AgentPlatformApi.credentials';
import { normaliseRole, permissionsFor } from '../../nodes/AgentPlatformAdmin/helpers/roles';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { adminBaseUrl } from '../../nodes/AgentPlatformAdmin/transport';
import { runCredentialTest, useCredentialSimulator } from './helpers';
import {
	ADMIN_BASE_URL_REQUIRED,
	ADMIN_EXAMPLE_URL,
	ADMIN_KEY_REFUSED,
	adminNoApiAt,
	connectionRefused,
} from './messages';

describe('Agent Platform API credential', () => {
	const credential = new AgentPlatformApi();

	it('has no authenticate and no test: the node signs its calls and tests the credential', () => {
		expect(credential).not.toHaveProperty('authenticate');
		expect(credential).not.toHaveProperty('test');
	});

	it('requires Base URL, and shows it only when Region is Custom', () => {
		const baseUrl = credential.properties.find((property) => property.name === 'baseUrl');
		expect(baseUrl).toMatchObject({
			required: true,
			displayOptions: { show: { region: ['custom'] } },
		});
	});
});

describe('adminBaseUrl', () => {
	it.each([
		[{ region: 'au' }, 'https://api-f1db6c.stack.tryrelevance.com/latest'],
		[{ region: 'eu' }, 'https://api-d7b62b.stack.tryrelevance.com/latest'],
		[{ region: 'us' }, 'https://api-bcbe5a.stack.tryrelevance.com/latest'],
		[{ region: 'custom', baseUrl: 'http://127.0.0.1:5680' }, 'http://127.0.0.1:5680/latest'],
		[
			{ region: 'custom', baseUrl: ' http://127.0.0.1:5680/latest// ' },
			'http://127.0.0.1:5680/latest',
		],
		[{ region: 'custom', baseUrl: 'api-x.example.com/' }, 'https://api-x.example.com/latest'],
	])('%j → %s', (credentials, expected) => {
		expect(adminBaseUrl(credentials)).toBe(expected);
	});
});

describe('permissionsFor', () => {
	it('maps roles to boolean actions under the service’s default scope key', () => {
		expect(permissionsFor(['admin', 'role:viewer'])).toEqual({
			items: { relevanceDefault: { actions: { admin: true, 'role:viewer': true } } },
		});
	});
});

describe('normaliseRole', () => {
	it.each([
		['admin', 'admin'],
		['Admin', 'admin'],
		['role:admin', 'admin'],
		['Editor', 'role:editor'],
		['ROLE:EDITOR', 'role:editor'],
		[' role:viewer ', 'role:viewer'],
		['viewer', 'role:viewer'],
	])('%s → %s', (role, wire) => {
		expect(normaliseRole(role)).toBe(wire);
	});

	it.each(['owner', 'role:owner', '', 'role:'])('%j is not a role', (role) => {
		expect(normaliseRole(role)).toBeUndefined();
	});
});

/**
 * Every node that uses a credential tests it (`testedBy`), and each failure says what is wrong
 * and which field to change. The messages of a host that does not resolve are checked in a real
 * n8n (test/e2e/credentials.test.ts); these tests talk only to 127.0.0.1.
 */
describe('credential tests (the nodes’ methods.credentialTest)', () => {
	const env = useCredentialSimulator();

	describe('admin', () => {
		const test = async (values: ICredentialDataDecryptedObject) =>
			await runCredentialTest('agentPlatformAdmin', 'agentPlatformApi', {
				region: 'custom',
				baseUrl: env.sim.url,
				projectId: 'proj-demo',
				apiKey: 'sk-demo-admin',
				...values,
			});

		it('passes with a valid key, sending Bearer <project>:<key> to GET /auth/info', async () => {
			env.sim.services.admin.calls.length = 0;
			expect(await test({})).toEqual({
				status: 'OK',
				message: 'Connection successful: the service accepted the API key for this project.',
			});
			expect(env.sim.services.admin.calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
				'GET /latest/auth/info 200',
			]);
		});

		it.each([
			['a wrong key', { apiKey: 'sk-wrong' }, ADMIN_KEY_REFUSED],
			['a Base URL with a wrong path', { baseUrl: 'SIM/app' }, adminNoApiAt('SIM/app')],
			[
				'an invalid Base URL',
				{ baseUrl: 'http://exa mple' },
				'Base URL "http://exa mple" is not a valid http(s) address: enter it like https://api-xxxxxx.stack.example.com.',
			],
			['no Base URL with Region Custom', { baseUrl: ' ' }, ADMIN_BASE_URL_REQUIRED],
			[
				'a closed port',
				{ baseUrl: 'CLOSED' },
				connectionRefused('HOST', 'Base URL', ADMIN_EXAMPLE_URL),
			],
		])('with %s, says what to change', async (_case, values: Record<string, string>, message) => {
			const fill = (text: string) =>
				text
					.replace('SIM', env.sim.url)
					.replace('CLOSED', env.closed)
					.replace('HOST', env.closed.slice(7));
			const result = await test({ ...values, baseUrl: fill(values.baseUrl ?? env.sim.url) });
			expect(result).toEqual({ status: 'Error', message: fill(message) });
		});
	});
});
