import { AgentPlatformApi } from '../../credentials/AgentPlatformApi.credentials';
import { normaliseRole, permissionsFor } from '../../nodes/AgentPlatformAdmin/helpers/roles';
import { adminBaseUrl } from '../../nodes/AgentPlatformAdmin/transport';

describe('Agent Platform API credential', () => {
	const credential = new AgentPlatformApi();
	const values = { region: 'eu', projectId: ' proj-1 ', apiKey: 'sk-abc' };

	it('signs project calls with Bearer <project_id>:<api_key>', async () => {
		const signed = await credential.authenticate(values, {
			baseURL: 'https://host/latest',
			url: '/auth/invite/create',
			headers: { Accept: 'application/json' },
		});
		expect(signed.headers).toEqual({
			Accept: 'application/json',
			Authorization: 'Bearer proj-1:sk-abc',
		});
	});

	it('signs project creation with an empty project part: Bearer :<api_key>', async () => {
		const signed = await credential.authenticate(values, {
			url: 'https://host/latest/projects/create',
		});
		expect(signed.headers).toEqual({ Authorization: 'Bearer :sk-abc' });
	});

	it('tests the key with one cheap GET of /auth/info on the region address', () => {
		expect(credential.test.request).toMatchObject({ url: '/auth/info', method: 'GET' });
	});

	it('turns 401, 403, 404 and 5xx answers to the test into messages that say what to change', () => {
		const messages = Object.fromEntries(
			(credential.test.rules ?? []).map((rule) => [
				rule.properties.value,
				(rule.properties as { message: string }).message,
			]),
		);
		expect(Object.keys(messages)).toEqual(['401', '403', '404', '500', '502', '503', '504']);
		expect(messages[401]).toBe(
			'The service refused the API key for this project (HTTP 401). Check that the API Key is complete, that the Project ID is a project of the key’s organization, and that Region is the region your organization lives in (a key works only in its own region).',
		);
		expect(messages[403]).toMatch(
			/^The API key is valid but may not use this project \(HTTP 403\)\. Check the Project ID/,
		);
		expect(messages[404]).toMatch(
			/^No admin API answers at this address \(HTTP 404\)\. Check Region; with Custom, Base URL must be/,
		);
		expect(messages[502]).toBe(
			'The service is failing (HTTP 502); the credential could not be checked. Try again later, or check Region and Base URL if it persists.',
		);
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
