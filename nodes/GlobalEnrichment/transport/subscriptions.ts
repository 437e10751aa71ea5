import type { IDataObject } from 'n8n-workflow';

import { answerError } from '../../enrichment/errors';
import type { EnrichmentContext, ServiceCall } from '../../enrichment/types';
import { client, SERVICE_NAME } from './index';
import type { EntityKind } from './signals';

/**
 * The service's webhook subscriptions (`/api/subscriptions`): one per watched contact or company
 * per account, each sending the chosen signal types to one URL.
 */

/** Subscriptions per create call, and ids per delete call: the service refuses more. */
export const CREATE_BATCH = 25;
export const DELETE_BATCH = 25;
/** Subscriptions per page of the list (the service's default is 10, its most 100). */
export const LIST_PAGE = 100;

/** A subscription the service refused in a create call, by its place in the call. */
export interface Refusal {
	entityId: string;
	code: string;
	message: string;
}

/**
 * What the trigger reads of a subscription: `isActive` false once the service disabled it (its
 * deliveries failed every retry), with the reason in `blockReason`.
 */
const toSubscription = (raw: IDataObject) => ({
	id: String(raw.id),
	url: String(raw.url),
	isActive: raw.isActive === true,
	...(typeof raw.blockReason === 'string' ? { blockReason: raw.blockReason } : {}),
});
type Subscription = ReturnType<typeof toSubscription>;

/**
 * Every subscription of the account (of every consumer, not only this trigger's), page by page
 * (`limit`/`offset`) until `pagination.hasMore` is false.
 */
export async function listSubscriptions(ctx: EnrichmentContext): Promise<Subscription[]> {
	const all: Subscription[] = [];
	for (let offset = 0; ; offset += LIST_PAGE) {
		const { body } = await client.apiRequestOk(ctx, {
			method: 'GET',
			path: '/api/subscriptions',
			qs: { limit: LIST_PAGE, offset },
			itemIndex: 0,
			safeToRepeat: true,
		});
		const page = (body ?? {}) as IDataObject;
		const data = Array.isArray(page.data) ? (page.data as IDataObject[]) : [];
		all.push(...data.map(toSubscription));
		const hasMore = (page.pagination as IDataObject | undefined)?.hasMore === true;
		if (!hasMore || data.length === 0) return all;
	}
}

/**
 * Creates at most {@link CREATE_BATCH} subscriptions in one call. The service creates what it can
 * and names each refused one (a clash, an unknown entity, a URL that failed its check).
 */
export async function createSubscriptions(
	ctx: EnrichmentContext,
	defaults: { url: string; entityType: EntityKind; signalTypes: string[] },
	entityIds: string[],
): Promise<{ created: Subscription[]; refused: Refusal[] }> {
	const call: ServiceCall = {
		method: 'POST',
		path: '/api/subscriptions',
		body: { defaults, subscriptions: entityIds.map((entityId) => ({ entityId })) },
		itemIndex: 0,
		// Not repeated after an unclear failure: what it created would clash with the repeat.
		safeToRepeat: false,
	};
	const answer = await client.apiRequest(ctx, call);
	// A refusal of the whole call (`{ statusCode, message, errors? }`): the service's own words.
	if (answer.statusCode >= 400) throw answerError(ctx.getNode(), answer, SERVICE_NAME, call);
	// `{ total, successful, failed, results: [{ index, success, subscription | error }] }`.
	const results = ((answer.body ?? {}) as IDataObject).results;
	const created: Subscription[] = [];
	const refused: Refusal[] = [];
	for (const result of (Array.isArray(results) ? results : []) as IDataObject[]) {
		if (result.success === true && result.subscription) {
			created.push(toSubscription(result.subscription as IDataObject));
			continue;
		}
		const error = (result.error ?? {}) as IDataObject;
		refused.push({
			entityId: entityIds[Number(result.index)] ?? String(result.index),
			code: String(error.code ?? 'UNKNOWN_ERROR'),
			message: String(error.message ?? ''),
		});
	}
	return { created, refused };
}

/** Deletes these subscriptions (and only these), {@link DELETE_BATCH} per call. */
export async function deleteSubscriptions(ctx: EnrichmentContext, ids: string[]): Promise<void> {
	for (let start = 0; start < ids.length; start += DELETE_BATCH) {
		await client.apiRequestOk(ctx, {
			method: 'POST',
			path: '/api/subscriptions/delete',
			body: { ids: ids.slice(start, start + DELETE_BATCH) },
			itemIndex: 0,
			// Deleting twice deletes nothing more.
			safeToRepeat: true,
		});
	}
}

/** Asks the service to send one sample delivery of this subscription to its URL. */
export async function sendTestDelivery(ctx: EnrichmentContext, id: string): Promise<void> {
	await client.apiRequestOk(ctx, {
		method: 'POST',
		path: `/api/subscriptions/${encodeURIComponent(id)}/test`,
		itemIndex: 0,
		safeToRepeat: false,
	});
}
