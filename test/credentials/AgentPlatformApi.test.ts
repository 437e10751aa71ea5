import { AgentPlatformApi } from '../../credentials/AgentPlatformApi.credentials';
import { normaliseRole, permissionsFor } from '../../nodes/AgentPlatformAdmin/helpers/roles';
import { adminBaseUrl } from '../../nodes/AgentPlatformAdmin/transport';

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
