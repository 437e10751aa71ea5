import type { IDataObject } from 'n8n-workflow';

/**
 * What the trigger keeps in the workflow's static data (never the secret): the subscriptions it
 * created, what they watch, and the webhook ids of recent deliveries, so a replayed delivery
 * starts no second run.
 */
export interface TriggerState extends IDataObject {
	subscriptionIds?: string[];
	/** What the subscriptions watch (`watchKeyOf`): another value means new subscriptions. */
	watchKey?: string;
	/** Credits the one-time look-up of e-mails / domains cost at activation. */
	setupCreditsCharged?: number;
	/** E-mail or domain of each watched id that was looked up, for the emitted items. */
	watchedAs?: IDataObject;
	/** Webhook ids of the latest deliveries, oldest first. */
	recentDeliveries?: string[];
}

/** Deliveries remembered: retries of one delivery come within minutes, far fewer than these. */
export const REMEMBERED_DELIVERIES = 1000;

/**
 * Records a delivery's webhook id; false when it was already recorded (a replay or a retry of a
 * delivery that was acknowledged late). The oldest ids go first once the list is full.
 */
export function firstDelivery(state: TriggerState, webhookId: string): boolean {
	const recent = state.recentDeliveries ?? [];
	if (recent.includes(webhookId)) return false;
	recent.push(webhookId);
	state.recentDeliveries = recent.slice(-REMEMBERED_DELIVERIES);
	return true;
}

/** Forgets the subscriptions (after they were deleted); delivery ids stay for late retries. */
export function forgetSubscriptions(state: TriggerState): void {
	delete state.subscriptionIds;
	delete state.watchKey;
	delete state.setupCreditsCharged;
	delete state.watchedAs;
}
