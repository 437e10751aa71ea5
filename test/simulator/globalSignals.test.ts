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
				received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
				res.writeHead(answerStatus, { 'content-type': 'application/json' });
				res.end('{"received":true}');
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

	it('signals: answers out of request order with per-id errors, charges per signal shown, refuses unknown properties', async () => {
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
			expect(answer.body.results).toEqual([
				{ id: 'p-2004', error: { code: 'COMPLIANCE_RESTRICTED', message: 'Restricted' } },
				{ id: 'p-9999', error: { code: 'NOT_FOUND', message: 'Not found' } },
				{ id: 'p-2001', signals: { promotion: [{ date: '2026-11-01', newTitle: 'VP Sales' }] } },
			]);
			expect(answer.body.billing).toEqual({ creditsCharged: 1 });
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
		expect((await call('GET', '/v3/companies/signals/types')).body).toEqual([
			'allSignals',
			'headcountGrowth',
			'surgeInHiring',
			'surgeInWebsiteTraffic',
		]);
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
			'seeds must be an object of seed lists by kind',
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
			'exclude must be an object of seed lists by kind',
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
			expect(expired.status).toBe(410);
			expect(expired.body.message).toBe('dedupeSessionId is unknown or expired');
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

	it('signal score: signalScore from 0 to 1 per id, NO_SCORE when there is nothing to score', async () => {
		sim.services.global.signalOps.signals.set('c-1001', [
			{ type: 'surgeInHiring', date: '2026-11-01', details: {} },
			{ type: 'headcountGrowth', date: '2026-11-02', details: {} },
		]);
		const answer = await call('POST', '/v3/companies/signal-score', {
			companies: [{ clientReferenceId: 'r-1', id: 'c-1001' }, { id: 'c-1002' }],
		});
		expect(answer.body.results).toEqual([
			{ id: 'c-1002', error: { code: 'NO_SCORE', message: 'No signals to score' } },
			{ clientReferenceId: 'r-1', id: 'c-1001', signalScore: 0.5 },
		]);
		// Records, not a list of ids; a contact identifier is not a company's.
		expect(
			(await call('POST', '/v3/companies/signal-score', { ids: ['c-1001'] })).body.message,
		).toBe('property ids should not exist');
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
		expect((await call('GET', '/v3/companies/prospecting/filters/names?query=glo')).body).toEqual([
			{ value: 'Globex' },
		]);
	});

	it('webhooks: a secret first, the URL check, one subscription per entity, signed deliveries retried then disabled', async () => {
		const subscribe = (url: string, entityId = 'p-2001') =>
			call('POST', '/api/subscriptions', {
				defaults: { url, entityType: 'contact', signalTypes: ['companyChange'] },
				subscriptions: [{ entityId }],
			});
		expect((await subscribe(receiverUrl)).body.message).toBe(
			'Create an account secret before subscribing',
		);
		expect((await call('GET', '/api/account/secret')).status).toBe(404);
		const { secret } = (await call('POST', '/api/account/secret/regenerate')).body as {
			secret: string;
		};
		const refused = await subscribe(receiverUrl.replace('/hook', '/refuses'));
		expect(refused.body.errors).toEqual([
			{ index: 0, code: 'URL_CHECK_FAILED', message: 'The URL did not answer the challenge' },
		]);
		const created = await subscribe(receiverUrl);
		expect(created.status).toBe(201);
		const clash = await subscribe(receiverUrl);
		expect((clash.body.errors as Array<{ code: string }>)[0].code).toBe('CONFLICT');

		const [delivery] = await sim.services.globalWebhooks.fire('p-2001', 'companyChange', {
			newCompany: 'Contoso',
		});
		expect(delivery).toMatchObject({ status: 201, attempt: 1 });
		const { headers, body } = received.at(-1)!;
		const expected = createHmac('sha256', secret)
			.update(`${String(headers[TIMESTAMP_HEADER])}.${body}`)
			.digest('hex');
		expect(headers[SIGNATURE_HEADER]).toBe(expected);
		expect(JSON.parse(body)).toMatchObject({ entityId: 'p-2001', signalType: 'companyChange' });

		answerStatus = 500;
		const [failed] = await sim.services.globalWebhooks.fire('p-2001', 'companyChange');
		expect(failed).toMatchObject({ status: 500, attempt: 4 });
		const tries = received
			.slice(-4)
			.map((r) => (JSON.parse(r.body) as { webhookId: string }).webhookId);
		expect(new Set(tries).size).toBe(1);
		const list = await call('GET', '/api/subscriptions');
		expect((list.body.data as Array<{ status: string }>)[0].status).toBe('disabled');
		answerStatus = 201;

		const id = (created.body.data as Array<{ id: string }>)[0].id;
		expect((await call('POST', '/api/subscriptions/delete', { ids: [id] })).body).toEqual({
			deleted: [id],
			notFound: [],
		});
	});
});
