import { AgentPlatformApi } from '../../credentials/AgentPlatformApi.credentials';
import { adminBaseUrl } from '../../nodes/AgentPlatformAdmin/shared/regions';
import { permissionsFor } from '../../nodes/AgentPlatformAdmin/shared/permissions';

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
