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
export const DELETE_BATCH = 100;

/** A subscription the service refused in a create call, by its place in the call. */
export interface Refusal {
	entityId: string;
	code: string;
	message: string;
}

/** What the trigger reads of a subscription (status `disabled`: deliveries failed every retry). */
const toSubscription = (raw: IDataObject) => ({
	id: String(raw.id),
	url: String(raw.url),
	status: String(raw.status ?? 'active'),
});
type Subscription = ReturnType<typeof toSubscription>;

/** Every subscription of the account (of every consumer, not only this trigger's). */
export async function listSubscriptions(ctx: EnrichmentContext): Promise<Subscription[]> {
	const { body } = await client.apiRequestOk(ctx, {
		method: 'GET',
		path: '/api/subscriptions',
		itemIndex: 0,
		safeToRepeat: true,
	});
	const data = (body as IDataObject | undefined)?.data;
	return Array.isArray(data) ? (data as IDataObject[]).map(toSubscription) : [];
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
	const body = (answer.body ?? {}) as IDataObject;
	// A refusal of the whole call has no per-subscription errors.
	if (answer.statusCode >= 400 && !Array.isArray(body.errors)) {
		throw answerError(ctx.getNode(), answer, SERVICE_NAME, call);
	}
	const created = Array.isArray(body.data) ? (body.data as IDataObject[]).map(toSubscription) : [];
	const refused = (Array.isArray(body.errors) ? (body.errors as IDataObject[]) : []).map(
		(error) => ({
			entityId: entityIds[Number(error.index)] ?? String(error.index),
			code: String(error.code ?? 'ERROR'),
			message: String(error.message ?? ''),
		}),
	);
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
