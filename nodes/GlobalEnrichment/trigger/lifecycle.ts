import type { IHookFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { client } from '../transport';
import { ensureAccountSecret } from '../transport/accountSecret';
import {
	CREATE_BATCH,
	createSubscriptions,
	deleteSubscriptions,
	listSubscriptions,
	sendTestDelivery,
	type Refusal,
} from '../transport/subscriptions';
import { lookUpIds } from '../transport/watchLookup';
import { forgetSubscriptions, type TriggerState } from './triggerState';
import { readWatchPlan, watchKeyOf, type WatchGroup } from './watchPlan';

/**
 * Activation and deactivation (n8n's webhook methods): the trigger creates one subscription per
 * watched record, remembers exactly the ids it created, and deletes exactly those (and any other
 * pointing at its own webhook URL, which only it can have made) when deactivated.
 */

const stateOf = (ctx: IHookFunctions) => ctx.getWorkflowStaticData('node') as TriggerState;
const ownUrl = (ctx: IHookFunctions) => ctx.getNodeWebhookUrl('default') as string;

/** True when every stored subscription still exists, is active, and watches what is asked. */
export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const state = stateOf(this);
	const stored = state.subscriptionIds ?? [];
	if (stored.length === 0) return false;
	if (state.watchKey !== watchKeyOf(readWatchPlan(this), ownUrl(this))) return false;
	const live = new Map((await listSubscriptions(this)).map((s) => [s.id, s]));
	return stored.every((id) => live.get(id)?.isActive === true);
}

/** Ids to watch per group: the ids given, or those the look-up found (which costs credits). */
async function resolveGroups(ctx: IHookFunctions, groups: WatchGroup[], state: TriggerState) {
	let creditsCharged = 0;
	const watchedAs: Record<string, string> = {};
	const resolved: Array<WatchGroup & { ids: string[] }> = [];
	for (const group of groups) {
		if (group.by === 'ids') {
			resolved.push({ ...group, ids: group.values });
			continue;
		}
		const lookup = await lookUpIds(
			ctx,
			group.entityType === 'contact' ? 'contacts' : 'companies',
			group.values,
		);
		creditsCharged += lookup.creditsCharged;
		if (lookup.unmatched.length > 0) {
			const what = group.by === 'emails' ? 'e-mails' : 'domains';
			throw new NodeOperationError(
				ctx.getNode(),
				`No ${group.entityType} matched ${lookup.unmatched.length} of the ${group.values.length} ${what}: ${lookup.unmatched.slice(0, 5).join(', ')}${lookup.unmatched.length > 5 ? ', …' : ''}`,
				{
					description: `Correct or remove them and activate again. The look-up cost ${creditsCharged} credits; no subscription was created.`,
				},
			);
		}
		for (const [value, id] of lookup.ids) watchedAs[id] = value;
		resolved.push({ ...group, ids: [...new Set(lookup.ids.values())] });
	}
	state.setupCreditsCharged = creditsCharged;
	state.watchedAs = watchedAs;
	return resolved;
}

/** The error for subscriptions the service refused; clashes say who to ask. */
function refusalError(ctx: IHookFunctions, group: WatchGroup, refused: Refusal[]): NodeApiError {
	const clashes = refused.filter((r) => r.code === 'DUPLICATE_SUBSCRIPTION');
	const first = clashes[0] ?? refused[0];
	const list = (rows: Refusal[]) =>
		rows
			.slice(0, 5)
			.map((r) => `${r.entityId} (${r.message || r.code})`)
			.join('; ');
	const message = clashes.length
		? `Another subscription of this account already watches ${clashes.length} of these ${group.entityType} records: ${list(clashes)}`
		: `The enrichment service refused ${refused.length} subscriptions: ${list(refused)}`;
	const description = clashes.length
		? 'The service allows one subscription per record per account, and another workflow, tool or integration of this account holds these. Delete that subscription there (or deactivate its workflow), or remove these records from this trigger, then activate again. Nothing of this activation was kept.'
		: first.code === 'URL_VALIDATION_FAILED' || first.code === 'WEBHOOK_VERIFICATION_FAILED'
			? "The service could not reach this workflow's webhook URL. Make sure n8n's WEBHOOK_URL is reachable from the internet, then activate again. Nothing of this activation was kept."
			: 'Correct the records or signal types named, then activate again. Nothing of this activation was kept.';
	const error = new NodeApiError(
		ctx.getNode(),
		{ message: first.message, code: first.code },
		{ message, description },
	);
	// NodeApiError may word a coded service answer its own way: this message says what to do.
	error.message = message;
	return error;
}

/** Deletes what this activation created before a refusal; says which ids could not be deleted. */
async function rollBack(ctx: IHookFunctions, created: string[], error: unknown): Promise<never> {
	if (created.length > 0) {
		try {
			await deleteSubscriptions(ctx, created);
		} catch {
			if (error instanceof NodeApiError || error instanceof NodeOperationError) {
				error.description =
					`${error.description ?? ''} These subscriptions it created could not be deleted; delete them at the service: ${created.join(', ')}.`.trim();
			}
		}
	}
	throw error;
}

/** Activation: a secret, the look-ups, then the subscriptions, 25 a call, all or none. */
export async function create(this: IHookFunctions): Promise<boolean> {
	const groups = readWatchPlan(this);
	if ((await client.api(this)) === 'contract') {
		throw new NodeOperationError(
			this.getNode(),
			"The trigger needs the service's own API; the credential uses the connection contract",
			{
				description:
					'Open the credential and choose the Service API: webhooks exist only there. Nothing was created at the service.',
			},
		);
	}
	const state = stateOf(this);
	const url = ownUrl(this);
	// Left over from an earlier activation (some disabled, or parameters changed): its own only.
	await removeOwn(this, state, url);
	await ensureAccountSecret(this);
	const resolved = await resolveGroups(this, groups, state);
	const created: string[] = [];
	try {
		for (const group of resolved) {
			for (let start = 0; start < group.ids.length; start += CREATE_BATCH) {
				const answer = await createSubscriptions(
					this,
					{ url, entityType: group.entityType, signalTypes: group.signalTypes },
					group.ids.slice(start, start + CREATE_BATCH),
				);
				created.push(...answer.created.map((s) => s.id));
				if (answer.refused.length > 0) throw refusalError(this, group, answer.refused);
			}
		}
	} catch (error) {
		await rollBack(this, created, error);
	}
	state.subscriptionIds = created;
	state.watchKey = watchKeyOf(groups, url);
	const options = this.getNodeParameter('options', {}) as { sendTestEvent?: boolean };
	if (this.getMode() === 'manual' && options.sendTestEvent !== false && created.length > 0) {
		// Not awaited: the sample may arrive (and end the listening) before this call answers.
		sendTestDelivery(this, created[0]).catch((error: Error) => {
			this.logger.warn(`The service's test delivery could not be requested: ${error.message}`);
		});
	}
	return true;
}

/** Deletes this trigger's subscriptions: the stored ids and any pointing at its own URL. */
async function removeOwn(ctx: IHookFunctions, state: TriggerState, url: string): Promise<void> {
	const stored = state.subscriptionIds ?? [];
	const live = await listSubscriptions(ctx);
	const own = live.filter((s) => stored.includes(s.id) || s.url === url).map((s) => s.id);
	if (own.length > 0) await deleteSubscriptions(ctx, own);
	forgetSubscriptions(state);
}

/** Deactivation: deletes exactly this trigger's subscriptions, nothing else. */
export async function remove(this: IHookFunctions): Promise<boolean> {
	await removeOwn(this, stateOf(this), ownUrl(this));
	return true;
}
