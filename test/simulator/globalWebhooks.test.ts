/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a local test receiver, never shipped */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sleep } from 'n8n-workflow';

import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from './globalWebhooks';
import { startServices, type Simulator } from './index';

/**
 * What the webhook trigger's tests and demos drive in the simulator: the service's test call, a
 * signal fired through the control path, and a delivery sent again as a retry sends it (same body
 * and webhook id, a new signature), each as strict as the service.
 */
describe('global enrichment simulator: test call, fired signals, resent deliveries', () => {
	let sim: Simulator;
	let receiver: http.Server;
	let receiverUrl: string;
	const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];

	beforeAll(async () => {
		sim = await startServices({});
		receiver = http.createServer((req, res) => {
			const challenge = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('challenge');
			const chunks: Buffer[] = [];
			req.on('data', (c: Buffer) => chunks.push(c));
			req.on('end', () => {
				if (req.method === 'GET') {
					res.writeHead(200, { 'content-type': 'application/json' });
					res.end(JSON.stringify({ challenge }));
					return;
				}
				const body = Buffer.concat(chunks).toString('utf8');
				received.push({ headers: req.headers, body });
				res.writeHead(201, { 'content-type': 'application/json' });
				const { id } = JSON.parse(body) as { id: string };
				res.end(JSON.stringify({ received: true, timestamp: 'now', webhookId: id }));
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
		const answer = await fetch(`${sim.url}${path}`, {
			method,
			headers: {
				api_key: 'global-demo-key',
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
	};
	const verified = (delivery: { headers: http.IncomingHttpHeaders; body: string }) =>
		createHmac('sha256', sim.services.globalWebhooks.secret!)
			.update(`${String(delivery.headers[TIMESTAMP_HEADER])}.${delivery.body}`)
			.digest('hex') === delivery.headers[SIGNATURE_HEADER];

	it('test call, control fire and resend: signed, the same webhook id on a resend', async () => {
		await call('POST', '/global/api/account/secret/regenerate');
		const created = await call('POST', '/global/api/subscriptions', {
			defaults: { url: receiverUrl, entityType: 'company', signalTypes: ['surgeInHiring'] },
			subscriptions: [{ entityId: 'c-1001' }],
		});
		const id = (created.body.results as Array<{ subscription: { id: string } }>)[0].subscription.id;

		// TestSubscriptionResponse; the delivery is the documented envelope (assumed for a test call).
		expect(await call('POST', `/global/api/subscriptions/${id}/test`)).toEqual({
			status: 200,
			body: {
				subscriptionId: id,
				url: receiverUrl,
				mode: 'full',
				flowCheck: { success: true, statusCode: 201, durationMs: expect.any(Number) },
				testPayload: { entityType: 'company', signalType: 'surgeInHiring', data: { test: true } },
				isSuccess: true,
				timestamp: expect.any(String),
			},
		});
		expect(JSON.parse(received.at(-1)!.body)).toEqual({
			id: expect.any(String),
			type: 'surgeInHiring',
			subscriptionId: id,
			entityType: 'company',
			entityId: 'c-1001',
			data: { test: true },
			timestamp: expect.any(String),
			billing: { creditsCharged: 0 },
		});
		expect((await call('POST', '/global/api/subscriptions/sub-none/test')).status).toBe(404);

		const before = received.length;
		expect(
			await call('POST', '/__sim/globalWebhooks/fire', {
				entityId: 'c-1001',
				signalType: 'surgeInHiring',
				data: { openRoles: 12 },
			}),
		).toEqual({ status: 202, body: { firing: true } });
		for (let wait = 0; received.length === before && wait < 100; wait++) {
			await sleep(20);
		}
		const fired = received.at(-1)!;
		expect(JSON.parse(fired.body)).toMatchObject({
			entityId: 'c-1001',
			type: 'surgeInHiring',
			data: { openRoles: 12 },
		});
		expect(verified(fired)).toBe(true);
		expect((await call('POST', '/__sim/globalWebhooks/fire', { entityId: 1 })).status).toBe(400);

		const { id: webhookId } = JSON.parse(fired.body) as { id: string };
		const resent = await sim.services.globalWebhooks.resend(webhookId);
		expect(resent).toMatchObject({
			webhookId,
			status: 201,
			attempt: 1,
			answer: { received: true, webhookId },
			acknowledged: true,
		});
		expect(received.at(-1)!.body).toBe(fired.body);
		expect(verified(received.at(-1)!)).toBe(true);
		await expect(sim.services.globalWebhooks.resend('unknown')).rejects.toThrow(
			'No delivery unknown to send again',
		);
	});
});
