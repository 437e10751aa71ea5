import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { apiRequest } from '../../transport';
import { chunk } from '../../transport/paging';
import {
	campaignLocator,
	failItems,
	prepareAll,
	readId,
	readIdList,
	readTokens,
	tokensCollection,
} from '../common';

/** The service's maximum of leads per Request Campaign call. */
const TRIGGER_BATCH = 100;

const properties: INodeProperties[] = [
	campaignLocator,
	{
		displayName: 'Lead IDs',
		name: 'leadIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1001, 1002',
		description:
			'Leads to run through the campaign, comma-separated. The leads of all input items are combined, 100 per call.',
	},
	tokensCollection,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['campaign'], operation: ['trigger'] } },
	properties,
);

interface Trigger {
	campaignId: number;
	leadIds: number[];
	tokens: Array<{ name: string; value: string }>;
}

/**
 * Request Campaign (`POST /rest/v1/campaigns/{id}/trigger.json`), batched: items with the same
 * campaign and tokens share calls of up to 100 distinct leads. The call is not idempotent (a lead
 * would run through the flow twice), so it is replayed only after a 6xx answer, never after a
 * timeout.
 */
export async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	const { prepared, outcomes } = prepareAll<Trigger>(this, itemIndexes, (i) => ({
		campaignId: readId(this, 'campaign', i, 'campaign'),
		leadIds: readIdList(this, 'leadIds', i, 'Lead IDs'),
		tokens: readTokens(this, 'tokens', i),
	}));
	const groups = new Map<string, Array<{ itemIndex: number; value: Trigger }>>();
	for (const entry of prepared) {
		const key = `${entry.value.campaignId}|${JSON.stringify(entry.value.tokens)}`;
		groups.set(key, [...(groups.get(key) ?? []), entry]);
	}
	for (const members of groups.values()) {
		const { campaignId, tokens } = members[0].value;
		const leadIds = [...new Set(members.flatMap((m) => m.value.leadIds))];
		const failed = new Set<number>();
		const requestIds: string[] = [];
		for (const ids of chunk(leadIds, TRIGGER_BATCH)) {
			const askers = members
				.filter((m) => m.value.leadIds.some((id) => ids.includes(id)))
				.map((m) => m.itemIndex);
			try {
				const input: IDataObject = { leads: ids.map((id) => ({ id })) };
				if (tokens.length > 0) input.tokens = tokens;
				const answer = await apiRequest.call(this, {
					method: 'POST',
					path: `/rest/v1/campaigns/${campaignId}/trigger.json`,
					body: { input },
					idempotent: false,
					itemIndex: askers[0],
				});
				if (answer.requestId) requestIds.push(answer.requestId);
			} catch (error) {
				failItems(this, error as Error, askers, outcomes);
				askers.forEach((i) => failed.add(i));
			}
		}
		for (const { itemIndex, value } of members) {
			if (failed.has(itemIndex)) continue;
			outcomes[itemIndex] = [{ json: { campaignId, leadIds: value.leadIds, triggered: true } }];
		}
	}
	return outcomes;
}
