import nock from 'nock';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { OTHER_BASE, OTHER_HOST, REDIRECT_STATUSES, watchOtherHost } from '../harness/redirects';
import { runCredentialTest } from './helpers';

/**
 * A credential test never sends the credential to another host: n8n's helper would follow a
 * redirect (of a GET) anywhere, so the test follows redirects itself, on the address's own host.
 */

interface Case {
	name: string;
	node: string;
	credentialType: string;
	data: ICredentialDataDecryptedObject;
	base: string;
	method: 'GET' | 'POST';
	path: string;
	/** The answer that passes the test at the redirect's target. */
	answer: object;
	field: string;
	/** The test's further calls, answered as a passing test needs. */
	then?: () => void;
}

const CASES: Case[] = [
	{
		name: 'Agent Platform',
		node: 'agentPlatformAdmin',
		credentialType: 'agentPlatformApi',
		data: {
			region: 'custom',
			baseUrl: 'https://api-x.example.test',
			projectId: 'p',
			apiKey: 'k',
		},
		base: 'https://api-x.example.test',
		method: 'GET',
		path: '/latest/auth/info',
		answer: { user: { id: 'u' } },
		field: 'Base URL',
	},
	{
		name: 'Marketing Automation',
		node: 'marketingAutomation',
		credentialType: 'marketingAutomationApi',
		data: { restEndpoint: 'https://mkto.example.test/rest', clientId: 'c', clientSecret: 's' },
		base: 'https://mkto.example.test',
		method: 'POST',
		path: '/identity/oauth/token',
		answer: { access_token: 't', expires_in: 3600 },
		field: 'REST Endpoint',
		then: () =>
			nock('https://mkto.example.test')
				.get('/rest/v1/leads/describe2.json')
				.reply(200, { success: true, result: [] }),
	},
	{
		name: 'Global Enrichment',
		node: 'globalEnrichment',
		credentialType: 'globalEnrichmentApi',
		data: { api: 'contract', baseUrl: 'https://global.example.test', apiKey: 'k' },
		base: 'https://global.example.test',
		method: 'GET',
		path: '/account/usage',
		answer: { creditsRemaining: 1 },
		field: 'Base URL',
	},
];

describe('credential tests: redirects keep the credential on its host', () => {
	describe.each(CASES)('$name', (testCase) => {
		const run = async () =>
			await runCredentialTest(testCase.node, testCase.credentialType, testCase.data);

		it.each(REDIRECT_STATUSES)(
			'%i to another host: not followed, the message names the host',
			async (status) => {
				const other = watchOtherHost();
				nock(testCase.base)
					.intercept(testCase.path, testCase.method)
					.reply(status, '', { Location: `${OTHER_BASE}${testCase.path}` });

				const result = await run();

				expect(other).toEqual([]);
				expect(result.status).toBe('Error');
				expect(result.message).toContain(
					`redirect (HTTP ${status}) to another host, ${OTHER_HOST}; the test did not follow it, so the credential was not sent there`,
				);
				expect(result.message).toContain(`Check ${testCase.field}`);
			},
		);

		it('307 on the same host: followed, and the test passes', async () => {
			nock(testCase.base)
				.intercept(testCase.path, testCase.method)
				.reply(307, '', { Location: `/moved${testCase.path}` });
			const target = nock(testCase.base)
				.intercept(`/moved${testCase.path}`, testCase.method)
				.once()
				.reply(200, testCase.answer);
			testCase.then?.();

			const result = await run();

			expect(result.status).toBe('OK');
			expect(target.isDone()).toBe(true);
		});
	});
});
