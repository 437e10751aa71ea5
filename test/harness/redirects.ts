import nock from 'nock';

import { runWorkflow } from './run';

/**
 * Redirects and credentials: every node's transport follows a redirect only on the credential's
 * own host, and never sends the credential to another one. The tests of each node use these.
 */

/** A host no credential names; a redirect may point there, and the node must never call it. */
export const OTHER_HOST = 'elsewhere.example.net';
export const OTHER_BASE = `https://${OTHER_HOST}`;

/** The redirect statuses every transport is tried with: one keeps the method, one may not. */
export const REDIRECT_STATUSES = [307, 302] as const;

export interface SeenRequest {
	method: string;
	path: string;
	headers: Record<string, unknown>;
}

/** Records every request the other host gets: none, when the credential stays at home. */
export function watchOtherHost(): SeenRequest[] {
	const seen: SeenRequest[] = [];
	const record = function (this: nock.ReplyFnContext, path: string): nock.ReplyFnResult {
		seen.push({ method: String(this.req.method), path, headers: { ...this.req.headers } });
		return [200, {}];
	};
	const scope = nock(OTHER_BASE).persist();
	for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
		scope[method](/.*/).reply(record);
	}
	return seen;
}

/** The message of a redirect to the other host: it names the host, and says nothing went there. */
export const foreignRedirectMessage = (status: number) =>
	`The service answered with a redirect (HTTP ${status}) to another host, ${OTHER_HOST}; the node did not follow it, so no credential was sent there`;

/** An enrichment node, its credential type and how its key travels (header name and value). */
export interface EnrichmentNodeUnderTest {
	type: 'anzSalesIntelligence' | 'globalEnrichment';
	credentialType: string;
	apiKey: string;
	/** The key's header as the node sends it, lower case: `{ authorization: 'Bearer …' }`. */
	keyHeader: Record<string, string>;
}

/** The connection contract's address the suite's credential names. */
const CONTRACT = 'https://enrich.example.test';
const USAGE = { creditsRemaining: 10, creditsUsed: 0, plan: 'simulated' };
const RECORDS = [{ referenceId: '0', email: 'a@example.com' }];

/**
 * The redirect cases of an enrichment node's transport, through its API Call (a GET and a POST
 * against the credential's address): on the same host followed once with the key, to another host
 * never followed, the error naming that host.
 */
export function enrichmentRedirectSuite(node: EnrichmentNodeUnderTest) {
	const run = async (method: string, endpoint: string, extra: Record<string, unknown> = {}) =>
		await runWorkflow({
			nodes: {
				type: node.type,
				parameters: { resource: 'apiCall', operation: 'request', method, endpoint, ...extra },
				credentialTypes: [node.credentialType],
			},
			credentials: {
				[node.credentialType]: { api: 'contract', baseUrl: CONTRACT, apiKey: node.apiKey },
			},
		});

	it.each(REDIRECT_STATUSES)(
		'GET answered %i on the same host: followed once, with the key',
		async (status) => {
			const other = watchOtherHost();
			const moved = nock(CONTRACT)
				.get('/account/usage')
				.reply(status, '', { Location: '/v2/account/usage' });
			const target = nock(CONTRACT, { reqheaders: node.keyHeader })
				.get('/v2/account/usage')
				.once()
				.reply(200, USAGE);

			const result = await run('GET', '/account/usage');

			expect(result.error).toBeUndefined();
			expect(result.json()).toEqual([USAGE]);
			expect(moved.isDone()).toBe(true);
			expect(target.isDone()).toBe(true);
			expect(other).toEqual([]);
		},
	);

	it('POST answered 307 on the same host: the same POST, body and key, sent once there', async () => {
		nock(CONTRACT)
			.post('/person/bulk')
			.reply(307, '', { Location: `${CONTRACT}/v2/person/bulk` });
		const target = nock(CONTRACT, { reqheaders: node.keyHeader })
			.post('/v2/person/bulk', RECORDS)
			.once()
			.reply(200, { results: [] });

		const result = await run('POST', '/person/bulk', { body: JSON.stringify(RECORDS) });

		expect(result.error).toBeUndefined();
		expect(result.json()).toEqual([{ results: [] }]);
		expect(target.isDone()).toBe(true);
	});

	it.each(REDIRECT_STATUSES)(
		'GET and POST answered %i to another host: not followed, the error names the host',
		async (status) => {
			const other = watchOtherHost();
			nock(CONTRACT)
				.get('/account/usage')
				.reply(status, '', { Location: `${OTHER_BASE}/account/usage` })
				.post('/person/bulk')
				.reply(status, '', { Location: `${OTHER_BASE}/person/bulk` });

			const read = await run('GET', '/account/usage');
			const write = await run('POST', '/person/bulk', { body: JSON.stringify(RECORDS) });

			expect(other).toEqual([]);
			expect(read.error?.message).toBe(foreignRedirectMessage(status));
			expect(write.error?.message).toBe(foreignRedirectMessage(status));
			expect(read.error?.description).toContain(
				'Check Base URL (Connection Contract) in the credential',
			);
		},
	);
}
