import { useMarketing } from '../../helpers';
import { apiCall } from '../../../../harness/marketing';
import { ENDPOINT_DOT_SEGMENT_REFUSED } from '../../messages';

describe('Marketing Automation: API Call', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('API Call sends a relative path with query and body, and follows pages on request', async () => {
		const get = await env.run(
			apiCall('GET', '/rest/v1/lists.json?programName=Onboarding', {
				queryParameters: { parameter: [{ name: 'batchSize', value: '1' }] },
				options: {},
			}),
		);
		expect(sim().calls[0]).toMatchObject({
			method: 'GET',
			path: '/rest/v1/lists.json',
			query: { programName: 'Onboarding', batchSize: '1' },
		});
		expect(get.json()[0]).toMatchObject({
			success: true,
			result: [expect.objectContaining({ id: 1003 })],
		});

		sim().resetCounters();
		const paged = await env.run(
			apiCall('GET', 'rest/v1/lists.json', {
				queryParameters: { parameter: [{ name: 'batchSize', value: '1' }] },
				options: { paginate: true },
			}),
		);
		expect(paged.json().map((l) => l.id)).toEqual([1001, 1002, 1003]);
		expect(sim().calls).toHaveLength(3);

		sim().resetCounters();
		const post = await env.run(
			apiCall('POST', '/rest/v1/lists/1003/leads.json', {
				bodyType: 'json',
				body: '{"input":[{"id":5}]}',
				queryParameters: {},
				options: {},
			}),
		);
		expect(sim().calls[0]).toMatchObject({
			method: 'POST',
			contentType: 'application/json',
			body: { input: [{ id: 5 }] },
		});
		expect(post.json()[0]).toMatchObject({ success: true, result: [{ id: 5, status: 'added' }] });
	});

	it.each([
		[
			'https://evil.example.com/rest/v1/leads.json',
			'Endpoint refused in item 0: The endpoint is an absolute URL or names another host; only a path is allowed',
		],
		[
			'//evil.example.com/rest/v1/leads.json',
			'Endpoint refused in item 0: The endpoint is an absolute URL or names another host; only a path is allowed',
		],
		[
			'/identity/oauth/token',
			'Endpoint refused in item 0: The endpoint must start with /rest/ or /bulk/',
		],
		['/rest/../identity/oauth/token', ENDPOINT_DOT_SEGMENT_REFUSED],
	])('API Call refuses %s before any call', async (endpoint, message) => {
		const result = await env.run(
			apiCall('GET', endpoint, {
				queryParameters: {},
				options: {},
			}),
		);
		expect(result.error?.message).toBe(message);
		expect(sim().calls).toHaveLength(0);
		expect(sim().identityCalls).toHaveLength(0);
	});
});
