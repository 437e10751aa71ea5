/**
 * Webhooks of the simulated global enrichment service, under `/global/api/`, as the service's V3
 * document and its webhook guide give them (../contracts/global.ts checks every request and answer):
 * - `GET /api/account/secret` (404 while none exists) and `POST /api/account/secret/regenerate`;
 * - `POST /api/subscriptions` `{ defaults: { url, entityType?, signalTypes? }, name?, subscriptions[1..25] }`
 *   → 201 `{ total, successful, failed, results: [{ index, success, subscription | error{code, message} }] }`
 *   (codes VALIDATION_ERROR, DUPLICATE_SUBSCRIPTION: one per entity per account, URL_VALIDATION_FAILED);
 *   a URL that is not HTTPS refuses the whole call, 400 `{ statusCode, message, errors }` (local
 *   test URLs on 127.0.0.1/localhost pass: the guide requires HTTPS of production URLs). The URL
 *   check (`GET <url>?challenge=<v>` answered `{ challenge: v }`) is this simulator's assumption;
 * - `GET /api/subscriptions?limit&offset` (limit 1..100, default 10) → `{ data, pagination: { total,
 *   limit, offset, hasMore } }`; `isActive`, `blockReason` and `blockedAt` once disabled;
 * - `POST /api/subscriptions/delete` `{ ids[1..25] }` → per-id results (NOT_FOUND);
 * - `POST /api/subscriptions/{id}/test` sends one delivery and answers `TestSubscriptionResponse`;
 * - a delivery: body `{ id, type, entityType, entityId, subscriptionId, data, timestamp, billing }`,
 *   headers `X-Lusha-Signature` (hex HMAC-SHA256 of `timestamp + "." + body`), `X-Lusha-Timestamp`
 *   (seconds), `User-Agent: Lusha-Webhooks/1.0`; the receiver must answer 2xx within 10 s with
 *   `{ received: true, timestamp, webhookId: <the payload's id> }`; otherwise retried 3 times (the
 *   same id), then the subscription is disabled; a delivery is charged once.
 * Tests and demos make signals happen: `fire()` in-process, or `POST /__sim/globalWebhooks/fire`
 * `{ entityId, signalType, data? }`; `resend()` sends a delivery again as a retry does.
 */
import { createHmac, randomUUID } from 'node:crypto';

import { globalWebhooksContract, refusal, webhookAcknowledgement } from '../contracts/global';
import { validate } from '../contracts/check';
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
	name?: string;
	isActive: boolean;
	blockReason?: string;
	blockedAt?: string;
	createdAt: string;
	updatedAt: string;
}

export interface Delivery {
	subscriptionId: string;
	webhookId: string;
	status: number | 'timeout' | 'unreachable';
	attempt: number;
	/** What the receiver answered (its JSON, or its text). */
	answer?: unknown;
	/** The answer was 2xx and the documented acknowledgement of this delivery's id. */
	acknowledged?: boolean;
}

export class GlobalWebhooks implements SimulatorModule {
	readonly name = 'globalWebhooks';
	readonly contract = globalWebhooksContract;
	/** Every delivery body as sent, in order (tests check them against the contract). */
	readonly sentBodies: unknown[] = [];
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

	/** The service's 400 for a request its document does not allow. */
	refuse(problems: string[]): SimResponse {
		return reply(400, refusal(problems));
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
			const limit = Number(request.query.get('limit') ?? 10);
			const offset = Number(request.query.get('offset') ?? 0);
			const all = [...this.subscriptions.values()];
			return reply(200, {
				data: all.slice(offset, offset + limit).map(publicSubscription),
				pagination: { total: all.length, limit, offset, hasMore: offset + limit < all.length },
			});
		}
		if (method === 'GET' && (m = /^\/subscriptions\/([^/]+)$/.exec(path))) {
			const subscription = this.subscriptions.get(decodeURIComponent(m[1]));
			return subscription
				? reply(200, publicSubscription(subscription))
				: error(404, 'Subscription not found');
		}
		if (method === 'POST' && path === '/subscriptions') return await this.subscribe(body);
		if (method === 'POST' && path === '/subscriptions/delete') return this.unsubscribe(body);
		if (method === 'POST' && (m = /^\/subscriptions\/([^/]+)\/test$/.exec(path))) {
			const subscription = this.subscriptions.get(decodeURIComponent(m[1]));
			if (!subscription) return error(404, 'Subscription not found');
			const started = this.signals.now();
			const type = subscription.signalTypes[0] ?? 'allSignals';
			const data = { test: true };
			const delivery = await this.deliver(subscription, type, data, 0, 1);
			return reply(200, {
				subscriptionId: subscription.id,
				url: subscription.url,
				mode: 'full',
				flowCheck: {
					success: delivery.acknowledged === true,
					...(typeof delivery.status === 'number' ? { statusCode: delivery.status } : {}),
					durationMs: Math.max(0, this.signals.now() - started),
				},
				testPayload: { entityType: subscription.entityType, signalType: type, data },
				isSuccess: delivery.acknowledged === true,
				timestamp: new Date(this.signals.now()).toISOString(),
			});
		}
		return error(404, `No route ${method} ${request.path}`);
	}

	private async subscribe(body: Row): Promise<SimResponse> {
		const defaults = body.defaults as Row;
		const list = body.subscriptions as Row[];
		const insecure = !/^https:\/\//.test(String(defaults.url)) && !isLocal(String(defaults.url));
		if (insecure) {
			return reply(400, refusal(['defaults.url must be an HTTPS URL']));
		}
		if (!this.secret) return error(400, 'Create an account secret before creating subscriptions');
		const results: Row[] = [];
		const checked = new Map<string, boolean>();
		for (const [index, raw] of list.entries()) {
			const item = { ...defaults, ...raw };
			const refused = await this.refusal(item, checked);
			if (refused) {
				results.push({ index, success: false, error: refused });
				continue;
			}
			const now = new Date(this.signals.now()).toISOString();
			const subscription: Subscription = {
				id: `sub-${randomUUID().slice(0, 8)}`,
				entityType: item.entityType as Subscription['entityType'],
				entityId: String(item.entityId),
				url: String(item.url),
				signalTypes: item.signalTypes as string[],
				...(typeof (raw.name ?? body.name) === 'string'
					? { name: String(raw.name ?? body.name) }
					: {}),
				isActive: true,
				createdAt: now,
				updatedAt: now,
			};
			this.subscriptions.set(subscription.id, subscription);
			results.push({ index, success: true, subscription: publicSubscription(subscription) });
		}
		const successful = results.filter((r) => r.success).length;
		return reply(201, {
			total: list.length,
			successful,
			failed: list.length - successful,
			results,
		});
	}

	/** Why one subscription cannot be created, or undefined when it can. */
	private async refusal(
		item: Row,
		checked: Map<string, boolean>,
	): Promise<{ code: string; message: string } | undefined> {
		const { entityType, url, signalTypes } = item;
		if (entityType !== 'contact' && entityType !== 'company') {
			return { code: 'VALIDATION_ERROR', message: 'entityType must be contact or company' };
		}
		const kind: Kind = entityType === 'company' ? 'companies' : 'contacts';
		if (
			!Array.isArray(signalTypes) ||
			signalTypes.length === 0 ||
			signalTypes.some((t) => !SIGNAL_TYPES[kind].includes(String(t)))
		) {
			return {
				code: 'VALIDATION_ERROR',
				message: `signalTypes must be ${entityType} signal types`,
			};
		}
		const entityId = String(item.entityId ?? '');
		if (!this.signals.exists(kind, entityId)) {
			return { code: 'VALIDATION_ERROR', message: `${entityType} ${entityId} was not found` };
		}
		const clash = [...this.subscriptions.values()].find(
			(s) => s.entityType === entityType && s.entityId === entityId,
		);
		if (clash) {
			return {
				code: 'DUPLICATE_SUBSCRIPTION',
				message: `A subscription for this ${entityType} already exists (${clash.id})`,
			};
		}
		const target = String(url);
		if (!checked.has(target)) checked.set(target, await challenge(target));
		if (!checked.get(target)) {
			return { code: 'URL_VALIDATION_FAILED', message: 'The URL did not answer the check' };
		}
		return undefined;
	}

	private unsubscribe(body: Row): SimResponse {
		const ids = (body.ids as unknown[]).map(String);
		const results = ids.map((id, index) => {
			const subscription = this.subscriptions.get(id);
			if (!subscription) {
				return {
					index,
					success: false,
					error: { code: 'NOT_FOUND', message: `Subscription ${id} not found` },
				};
			}
			this.subscriptions.delete(id);
			const { entityType, entityId } = subscription;
			return { index, success: true, subscription: { id, entityType, entityId } };
		});
		const successful = results.filter((r) => r.success).length;
		return reply(200, { total: ids.length, successful, failed: ids.length - successful, results });
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
			if (!subscription.isActive || subscription.entityId !== entityId) continue;
			const wanted = subscription.signalTypes;
			if (!wanted.includes(type) && !wanted.includes('allSignals')) continue;
			out.push(await this.deliver(subscription, type, { signalDate: date, ...details }));
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

	/** One delivery with its retries; the same id on each try (a retry is not a new event). */
	private async deliver(
		subscription: Subscription,
		type: string,
		data: Row,
		credits = 1,
		tries = 1 + RETRIES,
	): Promise<Delivery> {
		const id = randomUUID();
		const payload = {
			id,
			type,
			entityType: subscription.entityType,
			entityId: subscription.entityId,
			subscriptionId: subscription.id,
			data,
			timestamp: new Date(this.signals.now()).toISOString(),
			billing: { creditsCharged: credits },
		};
		this.sentBodies.push(payload);
		const body = JSON.stringify(payload);
		this.bodies.set(id, { subscriptionId: subscription.id, body });
		const last = await this.post(subscription, id, body, tries);
		if (!last.acknowledged && tries > 1) {
			subscription.isActive = false;
			subscription.blockReason = 'Webhook delivery failed after the maximum number of retries';
			subscription.blockedAt = new Date(this.signals.now()).toISOString();
			subscription.updatedAt = subscription.blockedAt;
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
						'user-agent': 'Lusha-Webhooks/1.0',
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
			last.acknowledged =
				typeof last.status === 'number' &&
				last.status >= 200 &&
				last.status < 300 &&
				validate(webhookAcknowledgement, last.answer, 'answer').length === 0 &&
				(last.answer as Row).webhookId === webhookId;
			this.deliveries.push({ ...last });
			if (last.acknowledged) return last;
		}
		return last;
	}
}

function error(status: number, message: string): SimResponse {
	return reply(status, { statusCode: status, message });
}

/** `SubscriptionWithoutSecret`. */
function publicSubscription(subscription: Subscription): Row {
	return { ...subscription };
}

/** A local test receiver: the guide's HTTPS rule is for production URLs. */
function isLocal(url: string): boolean {
	try {
		return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
	} catch {
		return false;
	}
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
