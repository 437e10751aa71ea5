import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { webhookTrigger } from '../../../harness/webhookTrigger';
import { documented } from '../helpers';

/**
 * Activation and deactivation of the Global Enrichment Trigger against a held service (nock): the
 * exact calls, subscriptions 25 a call, the account secret never regenerated when one exists, and
 * exactly its own subscriptions deleted.
 */

const SERVICE = 'https://global.test';
const URL = 'https://n8n.test/webhook/hook-0001/webhook';

const trigger = async (parameters: IDataObject, mode: 'trigger' | 'manual' = 'trigger') =>
	await webhookTrigger({
		type: 'globalEnrichmentTrigger',
		parameters: { options: {}, ...parameters } as never,
		credentialType: 'globalEnrichmentApi',
		credentials: { api: 'service', serviceUrl: SERVICE, baseUrl: '', apiKey: 'g-secret' },
		mode,
	});

const ids = (count: number) => Array.from({ length: count }, (_v, n) => `p-${1000 + n}`);
const watching = (list: string[]) => ({
	entityType: 'contact',
	contactsBy: 'ids',
	contactIds: list.join(', '),
	contactSignalTypes: ['companyChange'],
});

/** The service, held: records every request as `METHOD path` with its body. */
function service() {
	const calls: Array<{ call: string; body?: unknown }> = [];
	const scope = nock(SERVICE, { reqheaders: { api_key: 'g-secret' } });
	const record = (method: string) =>
		function (this: { req: { path: string } }, _uri: string, body: unknown) {
			calls.push({ call: `${method} ${this.req.path}`, ...(body === '' ? {} : { body }) });
		};
	return { calls, scope, record };
}

/** The list's first page as the trigger asks it (`limit`/`offset`, 100 a page). */
const LIST = '/api/subscriptions?limit=100&offset=0';

/** `SubscriptionListResponse`, checked against the contract. */
const listed = (data: IDataObject[], offset = 0, total = data.length) =>
	documented('GET', '/api/subscriptions', 200, {
		data,
		pagination: { total, limit: 100, offset, hasMore: offset + data.length < total },
	});

/** `CreateSubscriptionResponse`: the created ones first, then the refused by index. */
const createdAnswer = (
	made: Array<{ index: number; subscription: IDataObject }>,
	refused: Array<{ index: number; code: string; message: string }> = [],
) =>
	documented('POST', '/api/subscriptions', 201, {
		total: made.length + refused.length,
		successful: made.length,
		failed: refused.length,
		results: [
			...made.map(({ index, subscription }) => ({ index, success: true, subscription })),
			...refused.map(({ index, code, message }) => ({
				index,
				success: false,
				error: { code, message },
			})),
		],
	});
/** Every entry of a create call created. */
const allCreated = (body: unknown) =>
	createdAnswer(
		(body as { subscriptions: Array<{ entityId: string }> }).subscriptions.map((s, index) => ({
			index,
			subscription: subscription(s.entityId),
		})),
	);
const made = (list: IDataObject[]) =>
	createdAnswer(list.map((subscription, index) => ({ index, subscription })));

/** `DeleteSubscriptionResponse`: every id deleted. */
const deletedAnswer = (body: unknown) => {
	const list = (body as { ids: string[] }).ids;
	return documented('POST', '/api/subscriptions/delete', 200, {
		total: list.length,
		successful: list.length,
		failed: 0,
		results: list.map((id, index) => ({ index, success: true, subscription: { id } })),
	});
};

/** Held first on most activations: no subscription yet, and an account secret that exists. */
const accountReady = (scope: nock.Scope) =>
	scope
		.get(LIST)
		.reply(200, listed([]))
		.get('/api/account/secret')
		.reply(200, { secret: 'whsec-existing' });

let created = 0;
/** `SubscriptionWithoutSecret`. */
const subscription = (entityId: string, url = URL, isActive = true): IDataObject => ({
	id: `sub-${++created}`,
	entityType: 'contact',
	entityId,
	signalTypes: ['companyChange'],
	url,
	isActive,
	...(isActive ? {} : { blockReason: 'Max retries exceeded', blockedAt: '2026-11-27T12:00:00Z' }),
	createdAt: '2026-11-27T12:00:00Z',
	updatedAt: '2026-11-27T12:00:00Z',
});

describe('Global Enrichment Trigger: activation', () => {
	it('60 ids: the secret is read (not regenerated), 3 create calls of 25, 25 and 10, the ids stored', async () => {
		const { calls, scope, record } = service();
		scope
			.get(LIST)
			.reply(200, function (uri, body) {
				record('GET').call(this, uri, body);
				return listed([]);
			})
			.get('/api/account/secret')
			.reply(200, function (uri, body) {
				record('GET').call(this, uri, body);
				return { secret: 'whsec-existing' };
			})
			.post('/api/subscriptions')
			.times(3)
			.reply(201, function (uri, body) {
				record('POST').call(this, uri, body);
				return allCreated(body);
			});
		const node = await trigger(watching(ids(60)));
		expect(await node.checkExists()).toBe(false);
		expect(await node.create()).toBe(true);
		expect(calls.map((c) => c.call)).toEqual([
			'GET /api/subscriptions?limit=100&offset=0',
			'GET /api/account/secret',
			'POST /api/subscriptions',
			'POST /api/subscriptions',
			'POST /api/subscriptions',
		]);
		const bodies = calls.slice(2).map((c) => c.body as IDataObject);
		expect(bodies.map((b) => (b.subscriptions as unknown[]).length)).toEqual([25, 25, 10]);
		expect(bodies[0]).toEqual({
			defaults: { url: URL, entityType: 'contact', signalTypes: ['companyChange'] },
			subscriptions: ids(25).map((entityId) => ({ entityId })),
		});
		expect((node.staticData().subscriptionIds as string[]).length).toBe(60);
		expect(JSON.stringify(node.staticData())).not.toContain('whsec-existing');
		expect(scope.isDone()).toBe(true);
	});

	it('creates a secret only when the account has none (404), then subscribes', async () => {
		const { calls, scope, record } = service();
		scope
			.get(LIST)
			.reply(200, listed([]))
			.get('/api/account/secret')
			.reply(404, { statusCode: 404, message: 'No secret exists' })
			.post('/api/account/secret/regenerate')
			.reply(200, function (uri, body) {
				record('POST').call(this, uri, body);
				return { secret: 'whsec-new' };
			})
			.post('/api/subscriptions')
			.reply(201, (_uri, body) => allCreated(body));
		const node = await trigger(watching(['p-2001']));
		expect(await node.create()).toBe(true);
		expect(calls.map((c) => c.call)).toEqual(['POST /api/account/secret/regenerate']);
		expect(scope.isDone()).toBe(true);
	});

	it('activating twice creates nothing: checkExists finds every stored subscription active', async () => {
		const { scope } = service();
		const mine = [subscription('p-2001'), subscription('p-2002')];
		accountReady(scope)
			.post('/api/subscriptions')
			.reply(201, made(mine))
			.get(LIST)
			.reply(200, listed([...mine, subscription('p-9999', 'https://other.example/hook')]));
		const node = await trigger(watching(['p-2001', 'p-2002']));
		await node.create();
		expect(await node.checkExists()).toBe(true);
		// No second POST /api/subscriptions is held: one would fail the test (no match in nock).
		expect(scope.isDone()).toBe(true);
	});

	it('a subscription the service disabled (isActive false) is not taken as existing', async () => {
		const { scope } = service();
		const mine = [subscription('p-2001'), subscription('p-2002')];
		accountReady(scope)
			.post('/api/subscriptions')
			.reply(201, made(mine))
			.get(LIST)
			.reply(
				200,
				listed([mine[0], { ...mine[1], ...subscription('x', URL, false), id: mine[1].id }]),
			);
		const node = await trigger(watching(['p-2001', 'p-2002']));
		await node.create();
		expect(await node.checkExists()).toBe(false);
		expect(scope.isDone()).toBe(true);
	});

	it("a refused create keeps the service's own words (HTTP 400 { statusCode, message, errors })", async () => {
		const { scope } = service();
		accountReady(scope)
			.post('/api/subscriptions')
			.reply(
				400,
				documented('POST', '/api/subscriptions', 400, {
					statusCode: 400,
					message: 'Webhook URL must use HTTPS',
					errors: ['defaults.url must be an HTTPS URL'],
				}),
			);
		const node = await trigger(watching(['p-2001']));
		const error = (await node.create().catch((caught: Error) => caught)) as NodeApiError;
		expect(error).toBeInstanceOf(NodeApiError);
		expect(`${error.message} ${error.description ?? ''}`).toContain(
			'Webhook URL must use HTTPS',
		);
		expect(node.staticData().subscriptionIds).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('a clash with another consumer is a NodeApiError saying what to do, and what it created is deleted', async () => {
		const { calls, scope, record } = service();
		const first = ids(25).map((id) => subscription(id));
		accountReady(scope)
			.post('/api/subscriptions')
			.reply(201, made(first))
			.post('/api/subscriptions')
			.reply(
				201,
				createdAnswer(
					[{ index: 1, subscription: subscription('p-1026') }],
					[
						{
							index: 0,
							code: 'DUPLICATE_SUBSCRIPTION',
							message: 'A subscription for this contact already exists (sub-other)',
						},
					],
				),
			)
			.post('/api/subscriptions/delete')
			.times(2)
			.reply(200, function (uri, body) {
				record('POST').call(this, uri, body);
				return deletedAnswer(body);
			});
		const node = await trigger(watching(ids(27)));
		const error = await node.create().catch((caught: Error) => caught);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error).toMatchObject({
			message:
				'Another subscription of this account already watches 1 of these contact records: p-1025 (A subscription for this contact already exists (sub-other))',
			description:
				'The service allows one subscription per record per account, and another workflow, tool or integration of this account holds these. Delete that subscription there (or deactivate its workflow), or remove these records from this trigger, then activate again. Nothing of this activation was kept.',
		});
		// The 26 it created are deleted 25 a call (the service takes no more).
		const createdIds = [...first.map((s) => String(s.id)), `sub-${created}`];
		expect(calls).toEqual([
			{ call: 'POST /api/subscriptions/delete', body: { ids: createdIds.slice(0, 25) } },
			{ call: 'POST /api/subscriptions/delete', body: { ids: createdIds.slice(25) } },
		]);
		expect(node.staticData().subscriptionIds).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('e-mails are looked up once (batch, credits said) and the found ids watched', async () => {
		const { calls, scope, record } = service();
		accountReady(scope)
			.post('/v3/contacts/search-and-enrich')
			.reply(200, function (uri, body) {
				record('POST').call(this, uri, body);
				return {
					requestId: 'r-1',
					results: [
						{ clientReferenceId: '1', id: 'p-2002' },
						{ clientReferenceId: '0', id: 'p-2001' },
					],
					billing: { creditsCharged: 3, resultsReturned: 2 },
				};
			})
			.post('/api/subscriptions')
			.reply(201, function (uri, body) {
				record('POST').call(this, uri, body);
				return allCreated(body);
			});
		const node = await trigger({
			entityType: 'contact',
			contactsBy: 'emails',
			contactEmails: 'Ana.Silva@northwind.example.com, li@contoso.example.de',
			contactSignalTypes: ['companyChange', 'promotion'],
		});
		await node.create();
		expect(calls).toEqual([
			{
				call: 'POST /v3/contacts/search-and-enrich',
				body: {
					contacts: [
						{ clientReferenceId: '0', email: 'ana.silva@northwind.example.com' },
						{ clientReferenceId: '1', email: 'li@contoso.example.de' },
					],
				},
			},
			{
				call: 'POST /api/subscriptions',
				body: {
					defaults: {
						url: URL,
						entityType: 'contact',
						signalTypes: ['companyChange', 'promotion'],
					},
					subscriptions: [{ entityId: 'p-2001' }, { entityId: 'p-2002' }],
				},
			},
		]);
		expect(node.staticData()).toMatchObject({
			setupCreditsCharged: 3,
			watchedAs: { 'p-2001': 'ana.silva@northwind.example.com', 'p-2002': 'li@contoso.example.de' },
		});
	});

	it('bad input and the connection contract are refused before any call', async () => {
		const refused = async (parameters: IDataObject) => {
			const node = await trigger(parameters);
			return await node.create().then(
				() => undefined,
				(error: Error & { description?: string }) => error.message,
			);
		};
		expect(await refused({ ...watching([]), contactIds: ' , ' })).toBe(
			'Contact IDs is empty: the trigger has no contact to watch',
		);
		expect(await refused(watching(['p-1', '../x']))).toBe(
			'Contact IDs: "../x" is not a contact ID (letters, digits, - and _)',
		);
		expect(
			await refused({
				entityType: 'company',
				companiesBy: 'domains',
				companyDomains: 'a@b.com',
				companySignalTypes: ['surgeInHiring'],
			}),
		).toBe('Domains: "a@b.com" is an email address, not a domain');
		expect(await refused({ ...watching(['p-1']), contactSignalTypes: [] })).toBe(
			'No contact signal chosen: the trigger would never fire',
		);
		expect(await refused(watching(ids(1001)))).toBe(
			'The trigger watches 1001 records, more than 1000',
		);
		const contract = await webhookTrigger({
			type: 'globalEnrichmentTrigger',
			parameters: { options: {}, ...watching(['p-1']) } as never,
			credentialType: 'globalEnrichmentApi',
			credentials: { baseUrl: SERVICE, apiKey: 'g-secret' },
		});
		await expect(contract.create()).rejects.toThrow(
			"The trigger needs the service's own API; the credential uses the connection contract",
		);
		// No call was held: nock refuses any request, and none was made.
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('Global Enrichment Trigger: Listen for Test Event', () => {
	it("subscribes n8n's test URL and asks the service for a sample delivery of the first subscription", async () => {
		const { calls, scope, record } = service();
		const testUrl = 'https://n8n.test/webhook-test/hook-0001/webhook';
		const mine = [subscription('p-2001', testUrl), subscription('p-2002', testUrl)];
		accountReady(scope)
			.post('/api/subscriptions')
			.reply(201, function (uri, body) {
				record('POST').call(this, uri, body);
				return made(mine);
			})
			.post(`/api/subscriptions/${String(mine[0].id)}/test`)
			.reply(200, function (uri, body) {
				record('POST').call(this, uri, body);
				return documented('POST', `/api/subscriptions/${String(mine[0].id)}/test`, 200, {
					subscriptionId: mine[0].id,
					url: testUrl,
					mode: 'full',
					isSuccess: true,
					timestamp: '2026-11-27T12:00:00Z',
				});
			});
		const node = await trigger(watching(['p-2001', 'p-2002']), 'manual');
		expect(node.url).toBe(testUrl);
		expect(await node.create()).toBe(true);
		// The test call is not awaited by the activation: wait (bounded) for it.
		for (let wait = 0; !scope.isDone() && wait < 500; wait++) await sleep(20);
		expect(calls.map((c) => c.call)).toEqual([
			'POST /api/subscriptions',
			`POST /api/subscriptions/${String(mine[0].id)}/test`,
		]);
		expect((calls[0].body as IDataObject).defaults).toMatchObject({ url: testUrl });
	});

	it('with Send Test Event When Listening off, waits for a real signal (no test call)', async () => {
		const { scope } = service();
		accountReady(scope)
			.post('/api/subscriptions')
			.reply(201, made([subscription('p-2001')]));
		const node = await trigger(
			{ ...watching(['p-2001']), options: { sendTestEvent: false } },
			'manual',
		);
		const unmatched: string[] = [];
		const onNoMatch = (request: { method?: string; path?: string }) =>
			unmatched.push(`${request.method} ${request.path}`);
		nock.emitter.on('no match', onNoMatch);
		try {
			expect(await node.create()).toBe(true);
			await sleep(100);
		} finally {
			nock.emitter.removeListener('no match', onNoMatch);
		}
		expect(unmatched).toEqual([]);
		expect(scope.isDone()).toBe(true);
	});
});

describe('Global Enrichment Trigger: deactivation', () => {
	it("deletes exactly its own subscriptions, never another consumer's", async () => {
		const { calls, scope, record } = service();
		const mine = [subscription('p-2001'), subscription('p-2002')];
		const theirs = subscription('p-2003', 'https://other.example/hook');
		accountReady(scope)
			.post('/api/subscriptions')
			.reply(201, made(mine))
			.get(LIST)
			.reply(200, listed([theirs, ...mine]))
			.post('/api/subscriptions/delete')
			.reply(200, function (uri, body) {
				record('POST').call(this, uri, body);
				return deletedAnswer(body);
			});
		const node = await trigger(watching(['p-2001', 'p-2002']));
		await node.create();
		expect(await node.delete()).toBe(true);
		expect(calls).toEqual([
			{ call: 'POST /api/subscriptions/delete', body: { ids: mine.map((s) => s.id) } },
		]);
		expect(node.staticData().subscriptionIds).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});
});

describe('Global Enrichment Trigger: deactivation of 60 watched records', () => {
	it('pages the whole list (limit/offset until hasMore is false) and deletes its 60 in calls of 25', async () => {
		const { calls, scope, record } = service();
		const mine = ids(60).map((id) => subscription(id));
		const theirs = Array.from({ length: 90 }, (_v, n) =>
			subscription(`p-${5000 + n}`, 'https://other.example/hook'),
		);
		const account = [...theirs, ...mine];
		accountReady(scope)
			.post('/api/subscriptions')
			.times(3)
			.reply(201, (_uri, body) => {
				const list = (body as { subscriptions: Array<{ entityId: string }> }).subscriptions;
				return made(list.map((s) => mine.find((m) => m.entityId === s.entityId)!));
			})
			.get(LIST)
			.reply(200, listed(account.slice(0, 100), 0, 150))
			.get('/api/subscriptions?limit=100&offset=100')
			.reply(200, listed(account.slice(100), 100, 150))
			.post('/api/subscriptions/delete')
			.times(3)
			.reply(200, function (uri, body) {
				record('POST').call(this, uri, body);
				return deletedAnswer(body);
			});
		const node = await trigger(watching(ids(60)));
		await node.create();
		expect(await node.delete()).toBe(true);
		const deleted = calls.map((c) => (c.body as { ids: string[] }).ids);
		expect(deleted.map((list) => list.length)).toEqual([25, 25, 10]);
		expect(deleted.flat().sort()).toEqual(mine.map((s) => String(s.id)).sort());
		expect(scope.isDone()).toBe(true);
	});
});
