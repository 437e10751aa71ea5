/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a local test receiver, never shipped */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from './globalWebhooks';
import { startServices, type Simulator } from './index';

/**
 * Signals, lookalikes, filter catalogues and webhooks of the global enrichment simulator are as
 * strict as the service's V3 reference: bounds, unknown properties, answers out of request order,
 * per-id errors, expiring lookalike sessions, the URL check and signed, retried deliveries.
 */
describe('global enrichment simulator: signals, lookalikes, filters, webhooks', () => {
	let sim: Simulator;
	let receiver: http.Server;
	let receiverUrl: string;
	/** What the receiver got, and how it answers the next deliveries. */
	const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
	let answerStatus = 201;

	beforeAll(async () => {
		sim = await startServices({});
		receiver = http.createServer((req, res) => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			const challenge = url.searchParams.get('challenge');
			if (req.method === 'GET' && challenge) {
				res.writeHead(url.pathname === '/refuses' ? 404 : 200, {
					'content-type': 'application/json',
				});
				res.end(JSON.stringify({ challenge }));
				return;
			}
			const chunks: Buffer[] = [];
			req.on('data', (c: Buffer) => chunks.push(c));
			req.on('end', () => {
				const body = Buffer.concat(chunks).toString('utf8');
				received.push({ headers: req.headers, body });
				res.writeHead(answerStatus, { 'content-type': 'application/json' });
				const { id } = JSON.parse(body) as { id: string };
				res.end(
					JSON.stringify({ received: true, timestamp: new Date().toISOString(), webhookId: id }),
				);
			});
		});
		await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
		receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
	});
	afterAll(async () => {
		await sim.close();
		await new Promise((resolve) => receiver.close(resolve));
	});

	const call = async (method: string, path: string, body?: unknown) => {
		const answer = await fetch(`${sim.url}/global${path}`, {
			method,
			headers: {
				api_key: 'global-demo-key',
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
	};

	it('signals: each type under its name, out of request order, unknown ids left out, billed per signal shown', async () => {
		sim.services.global.signalOps.signals.set('p-2001', [
			{ type: 'promotion', date: '2026-11-01', details: { newTitle: 'VP Sales' } },
			{ type: 'companyChange', date: '2020-01-01', details: {} },
		]);
		sim.services.global.signalOps.now = () => Date.parse('2026-11-27T12:00:00Z');
		try {
			const before = sim.services.global.creditsSpent;
			const answer = await call('POST', '/v3/contacts/signals', {
				ids: ['p-2001', 'p-9999', 'p-2004'],
				signalTypes: ['allSignals'],
			});
			expect(answer.status).toBe(200);
			// V3ContactSignalsResponse: no per-id error is documented, so p-9999 and p-2004 are absent.
			expect(answer.body).toEqual({
				results: [
					{
						id: 'p-2001',
						promotion: [{ signalDate: '2026-11-01', newTitle: 'VP Sales' }],
						companyChange: [],
					},
				],
				startDate: '2026-05-29',
				endDate: '2026-11-27',
				billing: { creditsCharged: 1, resultsReturned: 1 },
			});
			expect(sim.services.global.creditsSpent - before).toBe(1);
		} finally {
			sim.services.global.signalOps.now = () => Date.now();
		}
		const stray = await call('POST', '/v3/contacts/signals', {
			ids: ['p-2001'],
			signalTypes: ['promotion'],
			waterfallEnabled: false,
		});
		expect(stray).toEqual({
			status: 400,
			body: {
				statusCode: 400,
				message: 'property waterfallEnabled should not exist',
				errors: ['property waterfallEnabled should not exist'],
			},
		});
		const tooMany = Array.from({ length: 101 }, (_v, n) => `p-${n}`);
		expect(
			(await call('POST', '/v3/contacts/signals', { ids: tooMany, signalTypes: ['promotion'] }))
				.status,
		).toBe(400);
		expect(
			(await call('POST', '/v3/companies/signals', { ids: ['c-1001'], signalTypes: ['promotion'] }))
				.status,
		).toBe(400);
		const types = (await call('GET', '/v3/companies/signals/types')).body;
		expect((types.signalTypes as string[]).slice(0, 3)).toEqual([
			'allSignals',
			'linkedinActivityIntent',
			'websiteTrafficDecrease',
		]);
		expect((await call('GET', '/v3/contacts/signals/types')).body).toEqual({
			signalTypes: ['allSignals', 'promotion', 'companyChange'],
		});
	});

	it('lookalikes: 5 to 100 seeds grouped by kind, pages through a session that expires after 30 days unused', async () => {
		const seeds = {
			ids: ['p-2001', 'p-2002', 'p-2003'],
			emails: ['a@example.com', 'b@example.com'],
		};
		const refusal = async (body: unknown, path = '/v3/contacts/lookalike') =>
			(await call('POST', path, body)).body.message;
		// Counted across the kinds: four in all is too few, 101 too many.
		expect(await refusal({ seeds: { ...seeds, emails: ['a@example.com'] } })).toBe(
			'seeds must hold 5 to 100 seeds in all, not 4',
		);
		expect(
			await refusal({
				seeds: { ...seeds, emails: Array.from({ length: 98 }, (_v, n) => `${n}@example.com`) },
			}),
		).toBe('seeds must hold 5 to 100 seeds in all, not 101');
		// A list of seed objects, an unknown kind, a kind of the other collection: refused.
		expect(await refusal({ seeds: seeds.ids.map((id) => ({ id })) })).toBe(
			'body.seeds is array, the document says object',
		);
		expect(await refusal({ seeds: { ...seeds, phones: ['1'] } })).toBe(
			'seeds.property phones should not exist',
		);
		expect(await refusal({ seeds: { domains: ['a.com'] } })).toBe(
			'seeds.property domains should not exist',
		);
		expect(
			await refusal({
				seeds: { ...seeds, contacts: [{ firstName: 'Ana', lastName: 'Lee' }] },
			}),
		).toBe('seeds.contacts[0] is not a valid seed');
		// Exclusions are grouped by kind like the seeds, never a bare list of ids.
		expect(await refusal({ seeds, exclude: ['p-2001'] })).toBe(
			'body.exclude is array, the document says object',
		);
		const first = await call('POST', '/v3/contacts/lookalike', { seeds, limit: 2 });
		expect(Object.keys(first.body).sort()).toEqual([
			'billing',
			'dedupeSessionId',
			'meta',
			'results',
		]);
		expect(first.body.meta).toEqual({ returned: 2, hasMore: true });
		const sessionId = first.body.dedupeSessionId as string;
		const next = await call('POST', '/v3/contacts/lookalike', {
			seeds,
			limit: 2,
			dedupeSessionId: sessionId,
		});
		expect(next.body.dedupeSessionId).toBe(sessionId);
		const ids = (page: typeof first) =>
			(page.body.results as Array<{ id: string }>).map((r) => r.id);
		expect(ids(next).some((id) => ids(first).includes(id))).toBe(false);
		const later = Date.now() + 31 * 86_400_000;
		sim.services.global.signalOps.now = () => later;
		try {
			const expired = await call('POST', '/v3/contacts/lookalike', {
				seeds,
				dedupeSessionId: sessionId,
			});
			expect(expired).toEqual({
				status: 410,
				body: { code: 'DEDUPE_SESSION_INVALID', message: 'dedupeSessionId is unknown or expired' },
			});
		} finally {
			sim.services.global.signalOps.now = () => Date.now();
		}
		const companySeeds = {
			domains: ['a.com', 'b.com', 'c.com'],
			linkedinUrls: ['https://example.com/company/d', 'https://example.com/company/e'],
		};
		const companies = await call('POST', '/v3/companies/lookalike', { seeds: companySeeds });
		expect(companies.status).toBe(200);
		expect((companies.body.meta as { returned: number }).returned).toBe(
			(companies.body.results as unknown[]).length,
		);
		expect(
			await refusal(
				{ seeds: { ...companySeeds, emails: ['a@example.com'] } },
				'/v3/companies/lookalike',
			),
		).toBe('seeds.property emails should not exist');
	});

	it('signal score: by id, domain, name or e-mail; NOT_FOUND and NO_SCORE per record; billed', async () => {
		sim.services.global.signalOps.signals.set('c-1001', [
			{ type: 'surgeInHiring', date: '2026-11-01', details: {} },
			{ type: 'headcountIncrease3m', date: '2026-11-02', details: {} },
		]);
		const answer = await call('POST', '/v3/companies/signal-score', {
			companies: [
				{ clientReferenceId: 'r-1', id: 'c-1001' },
				{ id: 'c-1002' },
				{ clientReferenceId: 'r-3', domain: 'nope.example.com' },
				{ clientReferenceId: 'r-4', email: 'ana@northwind.example.com' },
			],
		});
		expect(answer.body).toEqual({
			requestId: expect.any(String),
			results: [
				{
					clientReferenceId: 'r-4',
					id: 'c-1001',
					name: 'Northwind Traders',
					domain: 'northwind.example.com',
					signalScore: 0.5,
					signalTypes: ['surgeInHiring', 'headcountIncrease3m'],
					noActiveSignals: false,
				},
				{ clientReferenceId: 'r-3', error: { code: 'NOT_FOUND', message: 'Company not found' } },
				{
					id: 'c-1002',
					name: 'Contoso GmbH',
					domain: 'contoso.example.de',
					error: { code: 'NO_SCORE', message: 'No score' },
				},
				{
					clientReferenceId: 'r-1',
					id: 'c-1001',
					name: 'Northwind Traders',
					domain: 'northwind.example.com',
					signalScore: 0.5,
					signalTypes: ['surgeInHiring', 'headcountIncrease3m'],
					noActiveSignals: false,
				},
			],
			billing: { creditsCharged: 0, resultsReturned: 2 },
		});
		// Records, not a list of ids; a contact identifier is not a company's.
		expect(
			(await call('POST', '/v3/companies/signal-score', { ids: ['c-1001'] })).body.message,
		).toBe('body.companies is required and missing, property ids should not exist');
		expect(
			(
				await call('POST', '/v3/companies/signal-score', {
					companies: [{ id: 'c-1001', linkedinUrl: 'x' }],
				})
			).body.message,
		).toBe('companies.0.property linkedinUrl should not exist');
	});

	it('filters: fixed catalogues, and searched ones need a query of 2 to 256 characters', async () => {
		expect((await call('GET', '/v3/contacts/prospecting/filters/seniority')).status).toBe(200);
		expect((await call('GET', '/v3/companies/prospecting/filters/names?query=a')).status).toBe(400);
		expect((await call('GET', '/v3/companies/prospecting/filters/names?query=glo')).body).toEqual({
			values: [{ companyId: 1002, name: 'Globex', fqdn: 'globex.example.com' }],
		});
		expect((await call('GET', '/v3/contacts/prospecting/filters/departments')).body).toEqual({
			values: ['Engineering', 'Marketing', 'Sales'],
		});
	});

	it('company signal sub-filters: intent categories take no query; hiring locations need one', async () => {
		expect((await call('GET', '/v3/companies/signals/filters/intentCategories')).body).toEqual({
			values: ['Business', 'Technology', 'Marketing'],
		});
		// The document: "the query parameter is not supported for this filter type; passing one returns 400".
		expect(
			(await call('GET', '/v3/companies/signals/filters/intentCategories?query=tech')).status,
		).toBe(400);
		expect((await call('GET', '/v3/companies/signals/filters/hiringByLocations')).status).toBe(400);
		expect(
			(await call('GET', '/v3/companies/signals/filters/hiringByLocations?query=zeal')).body,
		).toEqual({ values: [{ country: 'New Zealand' }] });
	});

	it('intent categories refine linkedinActivityIntent only, by the categories of its topics', async () => {
		sim.services.global.signalOps.now = () => Date.parse('2026-11-20T00:00:00Z');
		const topic = (category: string) => ({ intentTopics: [{ topic: 'X', category }] });
		sim.services.global.signalOps.signals.set('c-1001', [
			{ type: 'linkedinActivityIntent', date: '2026-11-01', details: topic('Technology') },
			{ type: 'linkedinActivityIntent', date: '2026-11-02', details: topic('Business') },
			{ type: 'surgeInHiring', date: '2026-11-03', details: { openRoles: 3 } },
		]);
		const answer = await call('POST', '/v3/companies/signals', {
			ids: ['c-1001'],
			signalTypes: ['allSignals'],
			filters: { include: { intentCategories: ['Technology'] } },
		});
		expect(answer.body.results).toEqual([
			{
				id: 'c-1001',
				linkedinActivityIntent: [{ signalDate: '2026-11-01', ...topic('Technology') }],
				surgeInHiring: [{ signalDate: '2026-11-03', openRoles: 3 }],
			},
		]);
		sim.services.global.signalOps.signals.delete('c-1001');
		sim.services.global.signalOps.now = () => Date.now();
	});

	it('webhooks: a secret first, the URL check, one subscription per entity, signed deliveries retried then disabled', async () => {
		const subscribe = (url: string, entityId = 'p-2001') =>
			call('POST', '/api/subscriptions', {
				defaults: { url, entityType: 'contact', signalTypes: ['companyChange'] },
				subscriptions: [{ entityId }],
			});
		expect((await subscribe(receiverUrl)).body).toEqual({
			statusCode: 400,
			message: 'Create an account secret before creating subscriptions',
		});
		// The guide: webhook URLs must be HTTPS (a local test receiver is let through).
		expect((await subscribe('http://example.com/hook')).body).toEqual({
			statusCode: 400,
			message: 'defaults.url must be an HTTPS URL',
			errors: ['defaults.url must be an HTTPS URL'],
		});
		expect((await call('GET', '/api/account/secret')).status).toBe(404);
		const { secret } = (await call('POST', '/api/account/secret/regenerate')).body as {
			secret: string;
		};
		const refused = await subscribe(receiverUrl.replace('/hook', '/refuses'));
		expect(refused).toEqual({
			status: 201,
			body: {
				total: 1,
				successful: 0,
				failed: 1,
				results: [
					{
						index: 0,
						success: false,
						error: { code: 'URL_VALIDATION_FAILED', message: 'The URL did not answer the check' },
					},
				],
			},
		});
		const created = await subscribe(receiverUrl);
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({
			total: 1,
			successful: 1,
			failed: 0,
			results: [{ index: 0, success: true, subscription: { entityId: 'p-2001', isActive: true } }],
		});
		const clash = await subscribe(receiverUrl);
		expect(clash.body.results).toEqual([
			{
				index: 0,
				success: false,
				error: { code: 'DUPLICATE_SUBSCRIPTION', message: expect.any(String) },
			},
		]);

		const [delivery] = await sim.services.globalWebhooks.fire('p-2001', 'companyChange', {
			newCompany: 'Contoso',
		});
		expect(delivery).toMatchObject({ status: 201, attempt: 1, acknowledged: true });
		const { headers, body } = received.at(-1)!;
		const expected = createHmac('sha256', secret)
			.update(`${String(headers[TIMESTAMP_HEADER])}.${body}`)
			.digest('hex');
		expect(headers[SIGNATURE_HEADER]).toBe(expected);
		expect(headers['user-agent']).toBe('Lusha-Webhooks/1.0');
		expect(JSON.parse(body)).toEqual({
			id: delivery.webhookId,
			type: 'companyChange',
			entityType: 'contact',
			entityId: 'p-2001',
			subscriptionId: expect.any(String),
			data: { signalDate: expect.any(String), newCompany: 'Contoso' },
			timestamp: expect.any(String),
			billing: { creditsCharged: 1 },
		});

		answerStatus = 500;
		const [failed] = await sim.services.globalWebhooks.fire('p-2001', 'companyChange');
		expect(failed).toMatchObject({ status: 500, attempt: 4 });
		const tries = received.slice(-4).map((r) => (JSON.parse(r.body) as { id: string }).id);
		expect(new Set(tries).size).toBe(1);
		const list = await call('GET', '/api/subscriptions');
		expect(list.body.pagination).toEqual({ total: 1, limit: 10, offset: 0, hasMore: false });
		expect((list.body.data as Array<Record<string, unknown>>)[0]).toMatchObject({
			isActive: false,
			blockReason: expect.any(String),
			blockedAt: expect.any(String),
		});
		answerStatus = 201;

		const id = (created.body.results as Array<{ subscription: { id: string } }>)[0].subscription.id;
		expect(
			(await call('POST', '/api/subscriptions/delete', { ids: [id, 'sub-gone'] })).body,
		).toEqual({
			total: 2,
			successful: 1,
			failed: 1,
			results: [
				{
					index: 0,
					success: true,
					subscription: { id, entityType: 'contact', entityId: 'p-2001' },
				},
				{
					index: 1,
					success: false,
					error: { code: 'NOT_FOUND', message: 'Subscription sub-gone not found' },
				},
			],
		});
		const many = Array.from({ length: 26 }, (_v, n) => `sub-${n}`);
		expect((await call('POST', '/api/subscriptions/delete', { ids: many })).status).toBe(400);
	});
});
