import nock from 'nock';

import { runWorkflow } from '../../../harness';
import {
	foreignRedirectMessage,
	OTHER_BASE,
	REDIRECT_STATUSES,
	watchOtherHost,
} from '../../../harness/redirects';
import { CREDENTIAL, fastTransport } from '../helpers';

/**
 * Neither the access token nor the client secret follows a redirect to another host: the
 * transport follows redirects itself, only on the instance's own host, for the API calls and for
 * the token request (whose body holds the secret).
 */

const INSTANCE = 'https://mkto.example.test';
const USAGE = [{ date: '2026-11-27', total: 3, users: [] }];

const runUsage = async () =>
	await runWorkflow({
		nodes: {
			type: 'marketingAutomation',
			parameters: { resource: 'usage', operation: 'get', period: 'today' },
			credentialTypes: [CREDENTIAL],
		},
		credentials: {
			[CREDENTIAL]: {
				restEndpoint: `${INSTANCE}/rest`,
				clientId: 'client-1',
				clientSecret: 'secret-1',
			},
		},
	});

/** The identity endpoint's answer: a token for an hour. */
const tokenAnswer = () =>
	nock(INSTANCE)
		.post('/identity/oauth/token', /client_secret=secret-1/)
		.reply(200, { access_token: 'tok-1', expires_in: 3600 });

describe('Marketing Automation: redirects keep the token and the secret on the instance', () => {
	beforeEach(() => fastTransport());
	afterEach(() => jest.restoreAllMocks());

	it.each(REDIRECT_STATUSES)(
		'an API call answered %i on the same host: followed once, with the token',
		async (status) => {
			const other = watchOtherHost();
			tokenAnswer();
			const moved = nock(INSTANCE)
				.get('/rest/v1/stats/usage.json')
				.reply(status, '', { Location: '/rest/v2/stats/usage.json' });
			const target = nock(INSTANCE, { reqheaders: { authorization: 'Bearer tok-1' } })
				.get('/rest/v2/stats/usage.json')
				.once()
				.reply(200, { requestId: 'r1', success: true, result: USAGE });

			const result = await runUsage();

			expect(result.error).toBeUndefined();
			expect(result.json()).toEqual(USAGE);
			expect(moved.isDone()).toBe(true);
			expect(target.isDone()).toBe(true);
			expect(other).toEqual([]);
		},
	);

	it.each(REDIRECT_STATUSES)(
		'an API call answered %i to another host: not followed, the error names the host',
		async (status) => {
			const other = watchOtherHost();
			tokenAnswer();
			nock(INSTANCE)
				.get('/rest/v1/stats/usage.json')
				.reply(status, '', { Location: `${OTHER_BASE}/rest/v1/stats/usage.json` });

			const result = await runUsage();

			expect(other).toEqual([]);
			expect(result.error?.message).toBe(foreignRedirectMessage(status));
			expect(result.error?.description).toContain('Check the REST endpoint URL in the credential');
		},
	);

	it('the token request answered 307 on the same host: the same POST sent there once', async () => {
		nock(INSTANCE)
			.post('/identity/oauth/token')
			.reply(307, '', { Location: `${INSTANCE}/identity/v2/oauth/token` });
		const token = nock(INSTANCE)
			.post('/identity/v2/oauth/token', /client_secret=secret-1/)
			.once()
			.reply(200, { access_token: 'tok-1', expires_in: 3600 });
		nock(INSTANCE, { reqheaders: { authorization: 'Bearer tok-1' } })
			.get('/rest/v1/stats/usage.json')
			.reply(200, { requestId: 'r1', success: true, result: USAGE });

		const result = await runUsage();

		expect(result.error).toBeUndefined();
		expect(token.isDone()).toBe(true);
		expect(result.json()).toEqual(USAGE);
	});

	it.each(REDIRECT_STATUSES)(
		'the token request answered %i to another host: the secret is not sent there',
		async (status) => {
			const other = watchOtherHost();
			nock(INSTANCE)
				.post('/identity/oauth/token')
				.reply(status, '', { Location: `${OTHER_BASE}/identity/oauth/token` });

			const result = await runUsage();

			expect(other).toEqual([]);
			expect(result.error?.message).toBe(foreignRedirectMessage(status));
		},
	);
});
