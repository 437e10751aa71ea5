import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { apiRequest, callsInFlight } from '../../transport';
import { NESTED_TOKENS_REFUSAL } from '../../transport/refusals';
import { callFailure, failItems, groupBy, runBatches } from '../batches';
import { perExecution } from '../../../shared/perExecution';
import { leadIdsField, triggerCampaignLocator, tokensCollection } from '../fields';
import { parameterOf } from '../../../shared/itemParameters';
import { readId, readIdList, readTokens } from '../parameters';
import { stoppedTrigger, type CallFate } from './triggerReport';
import { defineOperation, type CheckedItem } from '../../../shared/operation';

/** The service's maximum of leads per Request Campaign call. */
const TRIGGER_BATCH = 100;

const properties: INodeProperties[] = [
	triggerCampaignLocator,
	leadIdsField('run through the campaign', 100),
	tokensCollection,
];

/** The service's 1003 to Request Campaign: the campaign is a batch campaign, or not requestable. */
const notRequestable = (campaignId: number) => ({
	message: `Campaign ${campaignId} cannot be requested (1003): only active trigger campaigns can be requested; use Schedule for batch campaigns`,
	fix: 'Pick an active trigger campaign whose smart list has the "Campaign is Requested" (web service API) trigger, activate the campaign in the service, or run a batch campaign with Campaign → Schedule.',
});

interface Trigger {
	campaignId: number;
	leadIds: number[];
	tokens: Array<{ name: string; value: string }>;
}

// Each parameter read once per execution, or per item only where it is an expression.
const readersOf = perExecution((ctx: IExecuteFunctions) => ({
	tokensOf: parameterOf<IDataObject>(ctx, 'tokens', {}),
	leadIdsOf: parameterOf<unknown>(ctx, 'leadIds', ''),
	campaignOf: parameterOf<unknown>(ctx, 'campaign', '', { extractValue: true }),
}));

function check(this: IExecuteFunctions, i: number): Trigger {
	const { tokensOf, leadIdsOf, campaignOf } = readersOf(this);
	return {
		campaignId: readId(this, 'campaign', i, 'campaign', campaignOf(i)),
		leadIds: readIdList(this, 'leadIds', i, 'Lead IDs', leadIdsOf(i)),
		tokens: readTokens(this, 'tokens', i, tokensOf(i)),
	};
}

/**
 * Request Campaign (`POST /rest/v1/campaigns/{id}/trigger.json`), batched: items with the same
 * campaign and tokens share calls of up to 100 distinct leads, packed item by item (an item's
 * leads share one call unless it has more than 100), several calls in flight at once. The call is
 * not safeToRepeat (a lead would run through the flow twice), so it is replayed only after a 6xx
 * answer, never after a timeout, a 5xx or a broken answer; the items of such a call get an error
 * saying it may have run, the items of the other calls their own result, so a re-run of only the
 * failed items triggers nothing twice. Without Continue On Fail, a failed call stops the node with
 * a message naming the leads requested and not requested (`stoppedTrigger`).
 */
async function executeBatch(
	this: IExecuteFunctions,
	prepared: Array<CheckedItem<Trigger>>,
): Promise<BatchOutcome[][]> {
	const outcomes: BatchOutcome[][] = [];
	const groups = groupBy(
		prepared,
		({ input }) => `${input.campaignId}|${JSON.stringify(input.tokens)}`,
	);
	interface Call {
		campaignId: number;
		tokens: Trigger['tokens'];
		ids: number[];
		askers: number[];
	}
	const calls: Call[] = [];
	/** Per group: lead → the call that carries it. */
	const callOfLead: Array<Map<number, number>> = [];
	for (const members of groups.values()) {
		const { campaignId, tokens } = members[0].input;
		const carriedBy = new Map<number, number>();
		callOfLead.push(carriedBy);
		let current: Call | undefined;
		for (const { itemIndex, input: value } of members) {
			const fresh: number[] = [];
			for (const id of value.leadIds) {
				if (carriedBy.has(id)) continue;
				carriedBy.set(id, -1);
				fresh.push(id);
			}
			for (let start = 0; start < fresh.length; ) {
				if (
					!current ||
					current.ids.length + Math.min(fresh.length - start, TRIGGER_BATCH) > TRIGGER_BATCH
				) {
					current = { campaignId, tokens, ids: [], askers: [] };
					calls.push(current);
				}
				const take = Math.min(fresh.length - start, TRIGGER_BATCH - current.ids.length);
				for (let k = start; k < start + take; k++) {
					current.ids.push(fresh[k]);
					carriedBy.set(fresh[k], calls.length - 1);
				}
				if (current.askers[current.askers.length - 1] !== itemIndex) current.askers.push(itemIndex);
				start += take;
			}
		}
	}

	const failures: Array<Error | undefined> = new Array<Error | undefined>(calls.length);
	const fates: CallFate[] = calls.map(() => 'notSent');
	const continueOnFail = this.continueOnFail();
	try {
		await runBatches(calls, await callsInFlight(this), async (call, index) => {
			try {
				const input: IDataObject = { leads: call.ids.map((id) => ({ id })) };
				if (call.tokens.length > 0) input.tokens = call.tokens;
				await apiRequest.call(this, {
					method: 'POST',
					path: `/rest/v1/campaigns/${call.campaignId}/trigger.json`,
					body: { input },
					safeToRepeat: false,
					itemIndex: call.askers[0],
					refusals: {
						'1003': notRequestable(call.campaignId),
						...(call.tokens.length > 0 ? { '611': NESTED_TOKENS_REFUSAL } : {}),
					},
				});
				fates[index] = 'requested';
			} catch (error) {
				fates[index] = 'failed';
				const failure = error as Error;
				// Without Continue On Fail no further call starts; the calls in flight end first.
				if (!continueOnFail) throw failure;
				failures[index] = callFailure(failure, index, calls.length, call.askers);
			}
		});
	} catch (error) {
		// The first failed call in call order (runBatches throws that one).
		const failedCall = fates.indexOf('failed');
		if (failedCall < 0) throw new NodeOperationError(this.getNode(), error as Error);
		const failure = error as Error;
		failItems(
			this,
			calls.length > 1 ? stoppedTrigger(failure, failedCall, calls, fates) : failure,
			calls[failedCall].askers,
			outcomes,
		);
	}

	[...groups.values()].forEach((members, group) => {
		const carriedBy = callOfLead[group];
		for (const { itemIndex, input: value } of members) {
			let failure: Error | undefined;
			for (const id of value.leadIds) {
				failure = failures[carriedBy.get(id) ?? -1];
				if (failure) break;
			}
			outcomes[itemIndex] = failure
				? [{ error: failure }]
				: [{ json: { campaignId: value.campaignId, leadIds: value.leadIds, triggered: true } }];
		}
	});
	return outcomes;
}

export const operation = defineOperation({
	option: {
		name: 'Trigger',
		value: 'trigger',
		description: 'Run leads through a trigger campaign, 100 per call',
		action: 'Trigger a campaign',
	},
	fields: properties,
	check,
	runBatch: executeBatch,
});
