/**
 * Webhooks of the simulated global enrichment service, under `/global/api/` (facts listed in issue
 * 34 of the tracker, from the service's webhook guides):
 * - `GET /api/account/secret` (404 while none exists) and `POST /api/account/secret/regenerate`,
 *   which replaces the secret for every consumer of the account;
 * - `POST /api/subscriptions` `{ defaults: { url, entityType, signalTypes }, subscriptions[1..25] }`:
 *   one subscription per entity per account (a second is a per-item CONFLICT), the URL checked
 *   first with `GET <url>?challenge=<v>`, which must answer `{ challenge: v }`;
 * - `GET /api/subscriptions`; `POST /api/subscriptions/delete` `{ ids }`;
 *   `POST /api/subscriptions/{id}/test` sends a test delivery;
 * - a delivery carries the hex HMAC-SHA256 of `timestamp + "." + body` under the account secret
 *   and the timestamp (seconds); the receiver answers 2xx within 10 s; a failed delivery is retried 3
 *   times with the same webhook id, then the subscription is disabled; a delivery is charged once.
 * It is its own module because the URL check and the deliveries wait on the receiver.
 * Tests and demos make signals happen: `fire()` in-process, or `POST /__sim/globalWebhooks/fire`
 * `{ entityId, signalType, data? }`; `resend()` sends a delivery again as a retry does.
 */
import { createHmac, randomUUID } from 'node:crypto';

import type { GlobalSignals, Kind } from './globalSignals';
import { SIGNAL_TYPES } from './globalSignals';
import type { SimRequest, SimResponse, SimulatorModule } from './server';
import { reply } from './server';

export const SIGNATURE_HEADER = 'x-lusha-signature';
export const TIMESTAMP_HEADER = 'x-lusha-timestamp';
const DELIVERY_TIMEOUT_MS = 10_000;
const RETRIES = 3;
const PREFIX = '/global/api/';

type Row = Record<string, unknown>;

interface Subscription {
	id: string;
	entityType: 'contact' | 'company';
	entityId: string;
	url: string;
	signalTypes: string[];
	status: 'active' | 'disabled';
}

export interface Delivery {
	subscriptionId: string;
	webhookId: string;
	status: number | 'timeout' | 'unreachable';
	attempt: number;
	/** What the receiver answered (its JSON, or its text). */
	answer?: unknown;
}

export class GlobalWebhooks implements SimulatorModule {
	readonly name = 'globalWebhooks';
	/** The account secret; absent until one is generated. */
	secret?: string;
	readonly subscriptions = new Map<string, Subscription>();
	readonly deliveries: Delivery[] = [];
	/** Each delivery's body as first sent, by webhook id (a retry sends it again). */
	private readonly bodies = new Map<string, { subscriptionId: string; body: string }>();

	constructor(
		private readonly signals: GlobalSignals,
		private readonly apiKeys: Set<string>,
	) {}

	handles(path: string): boolean {
		return path.startsWith(PREFIX);
	}

	snapshot() {
		return {
			subscriptions: this.subscriptions.size,
			deliveries: this.deliveries.length,
			hasSecret: this.secret !== undefined,
		};
	}

	/** `fire`: `{ entityId, signalType, data? }`; the deliveries go out after this answer. */
	control(action: string, body: unknown): SimResponse {
		const { entityId, signalType, data } = (body ?? {}) as Row;
		if (action !== 'fire') return error(404, `No control ${action}`);
		if (typeof entityId !== 'string' || typeof signalType !== 'string') {
			return error(400, 'entityId and signalType must be strings');
		}
		void this.fire(entityId, signalType, (data ?? {}) as Row).catch(() => undefined);
		return reply(202, { firing: true });
	}

	async handle(request: SimRequest): Promise<SimResponse> {
		const key = request.headers.api_key;
		if (typeof key !== 'string' || !this.apiKeys.has(key)) {
			return error(401, 'Invalid API key');
		}
		const path = request.path.slice(PREFIX.length - 1);
		const body = (request.body ?? {}) as Row;
		const { method } = request;
		let m: RegExpExecArray | null;
		if (method === 'GET' && path === '/account/secret') {
			return this.secret ? reply(200, { secret: this.secret }) : error(404, 'No secret exists');
		}
		if (method === 'POST' && path === '/account/secret/regenerate') {
			this.secret = randomUUID().replace(/-/g, '');
			return reply(200, { secret: this.secret });
		}
		if (method === 'GET' && path === '/subscriptions') {
			return reply(200, { data: [...this.subscriptions.values()].map(publicSubscription) });
		}
		if (method === 'POST' && path === '/subscriptions') return await this.subscribe(body);
		if (method === 'POST' && path === '/subscriptions/delete') return this.unsubscribe(body);
		if (method === 'POST' && (m = /^\/subscriptions\/([^/]+)\/test$/.exec(path))) {
			const subscription = this.subscriptions.get(decodeURIComponent(m[1]));
			if (!subscription) return error(404, 'Subscription not found');
			const delivery = await this.deliver(subscription, 'test', { test: true });
			return reply(200, { status: delivery.status });
		}
		return error(404, `No route ${method} ${request.path}`);
	}

	private async subscribe(body: Row): Promise<SimResponse> {
		const extra = Object.keys(body).find((k) => k !== 'defaults' && k !== 'subscriptions');
		if (extra) return error(400, `property ${extra} should not exist`);
		const defaults = (body.defaults ?? {}) as Row;
		const list = body.subscriptions;
		if (!Array.isArray(list) || list.length < 1 || list.length > 25) {
			return error(400, 'subscriptions must be an array of 1 to 25 items');
		}
		if (!this.secret) return error(400, 'Create an account secret before subscribing');
		const created: Row[] = [];
		const errors: Row[] = [];
		const checked = new Map<string, boolean>();
		for (const [index, raw] of list.entries()) {
			const item = { ...defaults, ...(raw as Row) };
			const refusal = await this.refusal(item, checked);
			if (refusal) {
				errors.push({ index, ...refusal });
				continue;
			}
			const subscription: Subscription = {
				id: `sub-${randomUUID().slice(0, 8)}`,
				entityType: item.entityType as Subscription['entityType'],
				entityId: String(item.entityId),
				url: String(item.url),
				signalTypes: item.signalTypes as string[],
				status: 'active',
			};
			this.subscriptions.set(subscription.id, subscription);
			created.push(publicSubscription(subscription));
		}
		return reply(created.length > 0 ? 201 : 400, { data: created, errors });
	}

	/** Why one subscription cannot be created, or undefined when it can. */
	private async refusal(
		item: Row,
		checked: Map<string, boolean>,
	): Promise<{ code: string; message: string } | undefined> {
		const { entityType, url, signalTypes } = item;
		if (entityType !== 'contact' && entityType !== 'company') {
			return { code: 'BAD_REQUEST', message: 'entityType must be contact or company' };
		}
		const kind: Kind = entityType === 'company' ? 'companies' : 'contacts';
		if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
			return { code: 'BAD_REQUEST', message: 'url must be an http(s) URL' };
		}
		if (
			!Array.isArray(signalTypes) ||
			signalTypes.length === 0 ||
			signalTypes.some((t) => !SIGNAL_TYPES[kind].includes(String(t)))
		) {
			return { code: 'BAD_REQUEST', message: 'signalTypes has an unknown type' };
		}
		const entityId = String(item.entityId ?? '');
		if (!this.signals.exists(kind, entityId)) {
			return { code: 'NOT_FOUND', message: `${entityType} ${entityId} not found` };
		}
		const clash = [...this.subscriptions.values()].find(
			(s) => s.entityType === entityType && s.entityId === entityId,
		);
		if (clash) {
			return {
				code: 'CONFLICT',
				message: `A subscription for this ${entityType} already exists (${clash.id})`,
			};
		}
		if (!checked.has(url)) checked.set(url, await challenge(url));
		if (!checked.get(url)) {
			return { code: 'URL_CHECK_FAILED', message: 'The URL did not answer the challenge' };
		}
		return undefined;
	}

	private unsubscribe(body: Row): SimResponse {
		const extra = Object.keys(body).find((k) => k !== 'ids');
		if (extra) return error(400, `property ${extra} should not exist`);
		const ids = body.ids;
		if (!Array.isArray(ids) || ids.length < 1 || ids.length > 100) {
			return error(400, 'ids must be an array of 1 to 100 strings');
		}
		const deleted = ids.filter((id) => this.subscriptions.delete(String(id)));
		return reply(200, { deleted, notFound: ids.filter((id) => !deleted.includes(id)) });
	}

	/**
	 * Fires a signal on an entity: every active subscription for it and the type gets one signed
	 * delivery (retried up to 3 times, then disabled). For tests and demos.
	 */
	async fire(entityId: string, type: string, details: Row = {}): Promise<Delivery[]> {
		const date = new Date(this.signals.now()).toISOString().slice(0, 10);
		const list = this.signals.signals.get(entityId) ?? [];
		list.push({ type, date, details });
		this.signals.signals.set(entityId, list);
		const out: Delivery[] = [];
		for (const subscription of this.subscriptions.values()) {
			if (subscription.status !== 'active' || subscription.entityId !== entityId) continue;
			const wanted = subscription.signalTypes;
			if (!wanted.includes(type) && !wanted.includes('allSignals')) continue;
			out.push(await this.deliver(subscription, type, { date, ...details }));
		}
		return out;
	}

	/**
	 * Sends a delivery again, byte for byte, with a new timestamp and signature: what the service's
	 * retry does when it got no 2xx in time (one try, no further retries).
	 */
	async resend(webhookId: string): Promise<Delivery> {
		const sent = this.bodies.get(webhookId);
		const subscription = sent && this.subscriptions.get(sent.subscriptionId);
		if (!sent || !subscription) throw new Error(`No delivery ${webhookId} to send again`);
		return await this.post(subscription, webhookId, sent.body, 1);
	}

	/** One delivery with its retries; the same webhook id on each try (a retry is not a new event). */
	private async deliver(subscription: Subscription, type: string, data: Row): Promise<Delivery> {
		const webhookId = randomUUID();
		const body = JSON.stringify({
			webhookId,
			subscriptionId: subscription.id,
			entityType: subscription.entityType,
			entityId: subscription.entityId,
			signalType: type,
			data,
		});
		this.bodies.set(webhookId, { subscriptionId: subscription.id, body });
		const last = await this.post(subscription, webhookId, body, 1 + RETRIES);
		if (typeof last.status !== 'number' || last.status < 200 || last.status >= 300) {
			subscription.status = 'disabled';
		}
		return last;
	}

	/** Up to `tries` signed POSTs of `body`, until one is answered 2xx. */
	private async post(
		subscription: Subscription,
		webhookId: string,
		body: string,
		tries: number,
	): Promise<Delivery> {
		let last: Delivery = {
			subscriptionId: subscription.id,
			webhookId,
			status: 'unreachable',
			attempt: 0,
		};
		for (let attempt = 1; attempt <= tries; attempt++) {
			const timestamp = String(Math.floor(this.signals.now() / 1000));
			const signature = createHmac('sha256', this.secret ?? '')
				.update(`${timestamp}.${body}`)
				.digest('hex');
			last = { subscriptionId: subscription.id, webhookId, status: 'unreachable', attempt };
			try {
				const answer = await fetch(subscription.url, {
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						[SIGNATURE_HEADER]: signature,
						[TIMESTAMP_HEADER]: timestamp,
					},
					body,
					signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
				});
				last.status = answer.status;
				const text = await answer.text();
				try {
					last.answer = JSON.parse(text);
				} catch {
					last.answer = text;
				}
			} catch (caught) {
				last.status = (caught as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable';
			}
			this.deliveries.push({ ...last });
			if (typeof last.status === 'number' && last.status >= 200 && last.status < 300) return last;
		}
		return last;
	}
}

function error(status: number, message: string): SimResponse {
	return reply(status, { statusCode: status, message });
}

function publicSubscription(subscription: Subscription): Row {
	return {
		id: subscription.id,
		entityType: subscription.entityType,
		entityId: subscription.entityId,
		url: subscription.url,
		signalTypes: subscription.signalTypes,
		status: subscription.status,
	};
}

/** The service's URL check: `GET <url>?challenge=<v>` must answer `{ challenge: v }`. */
async function challenge(url: string): Promise<boolean> {
	const value = randomUUID();
	const target = new URL(url);
	target.searchParams.set('challenge', value);
	try {
		const answer = await fetch(target, { signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
		const body = (await answer.json()) as Row;
		return answer.ok && body.challenge === value;
	} catch {
		return false;
	}
}
