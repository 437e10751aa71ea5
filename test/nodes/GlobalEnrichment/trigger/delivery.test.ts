import { createHmac } from 'node:crypto';
import nock from 'nock';

import { fixClock } from '../../../harness/clock';
import { validate } from '../../../contracts/check';
import { webhookAcknowledgement, webhookDelivery } from '../../../contracts/global';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../../simulator/globalWebhooks';
import { webhookTrigger } from '../../../harness/webhookTrigger';

/**
 * Deliveries to the Global Enrichment Trigger's webhook URL, on a fixed clock: the signature over
 * the raw body, the 5-minute window, a replayed webhook id, the URL check, and the answer the
 * service expects. The secret never reaches an answer, an item or the static data.
 */

const SERVICE = 'https://global.test';
const SIGNER = 'whsec-0123456789abcdef';
const NOW = Date.parse('2026-11-27T12:00:00Z');
const NOW_SECONDS = String(NOW / 1000);

const trigger = async (apiKey: string) =>
	await webhookTrigger({
		type: 'globalEnrichmentTrigger',
		parameters: {
			entityType: 'contact',
			contactsBy: 'ids',
			contactIds: 'p-2001',
			contactSignalTypes: ['companyChange'],
			options: {},
		} as never,
		credentialType: 'globalEnrichmentApi',
		credentials: { api: 'service', serviceUrl: SERVICE, baseUrl: '', apiKey },
	});

/** A delivery as the service's guide gives it, checked against the contract's payload schema. */
const delivery = (webhookId = 'wh-1') => {
	const payload = {
		id: webhookId,
		type: 'companyChange',
		entityType: 'contact',
		entityId: 'p-2001',
		subscriptionId: 'sub-1',
		data: { signalDate: '2026-11-27', newCompany: 'Contoso' },
		timestamp: '2026-11-27T11:59:58.000Z',
		billing: { creditsCharged: 1 },
	};
	expect(validate(webhookDelivery, payload, 'delivery')).toEqual([]);
	return JSON.stringify(payload);
};

const sign = (body: string, timestamp = NOW_SECONDS, secret = SIGNER) => ({
	[TIMESTAMP_HEADER]: timestamp,
	[SIGNATURE_HEADER]: createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'),
});

/** The account secret, read once per account by this process (each test has its own key). */
const secretHeld = (apiKey: string, times = 1) =>
	nock(SERVICE, { reqheaders: { api_key: apiKey } })
		.get('/api/account/secret')
		.times(times)
		.reply(200, { secret: SIGNER });

beforeEach(() => fixClock(NOW));
afterEach(() => jest.useRealTimers());

describe('Global Enrichment Trigger: deliveries', () => {
	it('a genuine delivery is answered 201 { received, timestamp, webhookId } and emitted as one item', async () => {
		const scope = secretHeld('key-genuine');
		const node = await trigger('key-genuine');
		const body = delivery();
		const answer = await node.request({ method: 'POST', headers: sign(body), rawBody: body });
		expect(answer.status).toBe(201);
		expect(answer.body).toEqual({
			received: true,
			timestamp: '2026-11-27T12:00:00.000Z',
			webhookId: 'wh-1',
		});
		expect(validate(webhookAcknowledgement, answer.body, 'ack')).toEqual([]);
		expect(answer.result.noWebhookResponse).toBe(true);
		expect(answer.result.workflowData).toEqual([
			[
				{
					json: {
						signalType: 'companyChange',
						signal: { signalDate: '2026-11-27', newCompany: 'Contoso' },
						entity: { type: 'contact', id: 'p-2001' },
						subscriptionId: 'sub-1',
						webhookId: 'wh-1',
						signalledAt: '2026-11-27T11:59:58.000Z',
						receivedAt: '2026-11-27T12:00:00.000Z',
						cost: { deliveryCreditsCharged: 1, setupCreditsCharged: 0 },
					},
				},
			],
		]);
		expect(JSON.stringify([answer, node.staticData()])).not.toContain(SIGNER);
		expect(scope.isDone()).toBe(true);
	});

	it('a replayed webhook id is acknowledged as documented but starts no second run; the secret is read once', async () => {
		const scope = secretHeld('key-replay');
		const node = await trigger('key-replay');
		const body = delivery('wh-replayed');
		const first = await node.request({ method: 'POST', headers: sign(body), rawBody: body });
		// The service's retry signs again with a new timestamp: still the same delivery.
		const later = String(NOW / 1000 + 30);
		const again = await node.request({ method: 'POST', headers: sign(body, later), rawBody: body });
		expect(first.status).toBe(201);
		expect(again).toEqual({
			status: 201,
			body: {
				received: true,
				timestamp: '2026-11-27T12:00:00.000Z',
				webhookId: 'wh-replayed',
			},
			result: { noWebhookResponse: true },
		});
		expect(node.staticData().recentDeliveries).toEqual(['wh-replayed']);
		expect(scope.isDone()).toBe(true);
	});

	it('a bad signature, a changed body, a stale or future timestamp, or no headers: 401 and no run', async () => {
		const scope = secretHeld('key-refused');
		const node = await trigger('key-refused');
		const body = delivery('wh-forged');
		const refused = {
			status: 401,
			body: { received: false, message: 'Missing, stale or invalid signature' },
			result: { noWebhookResponse: true },
		};
		const wrongSecret = sign(body, NOW_SECONDS, 'whsec-guessed');
		expect(await node.request({ method: 'POST', headers: wrongSecret, rawBody: body })).toEqual(
			refused,
		);
		// One byte changed after signing: the signature covers the raw body exactly.
		const tampered = body.replace('Contoso', 'Contoss');
		expect(await node.request({ method: 'POST', headers: sign(body), rawBody: tampered })).toEqual(
			refused,
		);
		const stale = String(NOW / 1000 - 301);
		expect(
			await node.request({ method: 'POST', headers: sign(body, stale), rawBody: body }),
		).toEqual(refused);
		const ahead = String(NOW / 1000 + 301);
		expect(
			await node.request({ method: 'POST', headers: sign(body, ahead), rawBody: body }),
		).toEqual(refused);
		expect(await node.request({ method: 'POST', rawBody: body })).toEqual(refused);
		// Still inside the window at exactly 5 minutes, and then accepted.
		const edge = String(NOW / 1000 - 300);
		expect(
			(await node.request({ method: 'POST', headers: sign(body, edge), rawBody: body })).status,
		).toBe(201);
		// Refused deliveries were not remembered: only the accepted one is.
		expect(node.staticData().recentDeliveries).toEqual(['wh-forged']);
		expect(scope.isDone()).toBe(true);
	});

	it('the service replaced the secret: read again once, at most once a minute', async () => {
		const scope = nock(SERVICE)
			.get('/api/account/secret')
			.reply(200, { secret: 'whsec-old' })
			.get('/api/account/secret')
			.reply(200, { secret: SIGNER });
		const node = await trigger('key-rotated');
		const first = delivery('wh-a');
		const old = sign(first, NOW_SECONDS, 'whsec-old');
		expect((await node.request({ method: 'POST', headers: old, rawBody: first })).status).toBe(201);
		// Signed with the new secret within the minute: refused, no call to the service.
		const second = delivery('wh-b');
		expect(
			(await node.request({ method: 'POST', headers: sign(second), rawBody: second })).status,
		).toBe(401);
		fixClock(NOW + 61_000);
		const third = delivery('wh-c');
		const fresh = sign(third, String(NOW / 1000 + 61));
		expect((await node.request({ method: 'POST', headers: fresh, rawBody: third })).status).toBe(
			201,
		);
		expect(scope.isDone()).toBe(true);
	});

	it('the secret cannot be read: 503 (the service delivers again later) and no run', async () => {
		const scope = nock(SERVICE).get('/api/account/secret').reply(401, {
			statusCode: 401,
			message: 'Invalid API key',
		});
		const node = await trigger('key-revoked');
		const body = delivery('wh-later');
		expect(await node.request({ method: 'POST', headers: sign(body), rawBody: body })).toEqual({
			status: 503,
			body: { received: false, message: 'Try again later' },
			result: { noWebhookResponse: true },
		});
		expect(node.staticData().recentDeliveries).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('the secret comes too late: 503 after 5 s, before the service gives up at 10 s, and no run', async () => {
		// Held 8 s: without the deadline the delivery would wait and then be accepted (201).
		nock(SERVICE).get('/api/account/secret').delay(8000).reply(200, { secret: SIGNER });
		const node = await trigger('key-slow');
		const body = delivery('wh-slow');
		const answer = await node.request({ method: 'POST', headers: sign(body), rawBody: body });
		expect(answer.status).toBe(503);
		expect(answer.result).toEqual({ noWebhookResponse: true });
		expect(node.staticData().recentDeliveries).toBeUndefined();
	});

	it('a signed body without the documented id is answered 400 and starts no run', async () => {
		const scope = secretHeld('key-shape');
		const node = await trigger('key-shape');
		const body = JSON.stringify({ webhookId: 'wh-old', signalType: 'companyChange' });
		expect(await node.request({ method: 'POST', headers: sign(body), rawBody: body })).toEqual({
			status: 400,
			body: { received: false, message: 'Expected a JSON delivery with an id' },
			result: { noWebhookResponse: true },
		});
		expect(scope.isDone()).toBe(true);
	});

	it("answers the service's URL check with the challenge, and nothing else", async () => {
		const node = await trigger('key-challenge');
		expect(await node.request({ method: 'GET', query: { challenge: 'c-123' } })).toEqual({
			status: 200,
			body: { challenge: 'c-123' },
			result: { noWebhookResponse: true },
		});
		expect((await node.request({ method: 'GET', query: {} })).status).toBe(400);
	});
});
