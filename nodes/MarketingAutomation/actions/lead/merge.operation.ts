import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { apiRequest } from '../../transport';
import { readIdList } from '../parameters';
import { defineOperation } from '../../../shared/operation';

/** The service's most losers per merge (more gives 1080, and the call is skipped). */
const MAX_LOSERS = 25;

const properties: INodeProperties[] = [
	{
		displayName: 'Winning Lead ID',
		name: 'winnerId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1001',
		description: "The lead that stays; its values win, except where they're empty",
	},
	{
		displayName: 'Losing Lead IDs',
		name: 'loserIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1002, 1003',
		description: 'The leads merged into the winner and removed, comma-separated (at most 25)',
	},
	optionsCollection([
		{
			displayName: 'Merge in CRM',
			name: 'mergeInCrm',
			type: 'boolean',
			default: false,
			description: 'Whether to merge the leads in the natively synced CRM too',
		},
	]),
];

function check(this: IExecuteFunctions, itemIndex: number) {
	const node = this.getNode();
	const winners = readIdList(this, 'winnerId', itemIndex, 'Winning Lead ID');
	if (winners.length !== 1) {
		throw new NodeOperationError(node, `Item ${itemIndex} names ${winners.length} winning leads`, {
			itemIndex,
			description: 'Give exactly one winning lead ID.',
		});
	}
	const losers = [...new Set(readIdList(this, 'loserIds', itemIndex, 'Losing Lead IDs'))];
	if (losers.includes(winners[0])) {
		// Not dropped silently: a merge is not undone, and a winner among the losers is a mix-up.
		throw new NodeOperationError(
			node,
			`Item ${itemIndex} names the winning lead ${winners[0]} among its losing leads`,
			{
				itemIndex,
				description: `A merge cannot be undone, so the node does not guess: remove ${winners[0]} from Losing Lead IDs, or name the lead that should stay as Winning Lead ID.`,
			},
		);
	}
	if (losers.length > MAX_LOSERS) {
		throw new NodeOperationError(
			node,
			`Item ${itemIndex} merges ${losers.length} losing leads; the service takes at most ${MAX_LOSERS} per merge (1080)`,
			{
				itemIndex,
				description: `Merge at most ${MAX_LOSERS} leads into the winner per item, e.g. split the losers over several items with the same winner.`,
			},
		);
	}
	return { winnerId: winners[0], losers };
}

/**
 * Merge Leads (`POST /rest/v1/leads/{winnerId}/merge.json?leadIds=…`, up to 25 losers, optional
 * `mergeInCRM`): the service answers success without a result. Not repeated after an ambiguous
 * failure (a merge is not undone).
 */
async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ winnerId, losers }: ReturnType<typeof check>,
): Promise<IDataObject> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const qs: IDataObject = { leadIds: losers.join(',') };
	if (options.mergeInCrm === true) qs.mergeInCRM = true;
	await apiRequest.call(this, {
		method: 'POST',
		path: `/rest/v1/leads/${winnerId}/merge.json`,
		qs,
		safeToRepeat: false,
		itemIndex,
	});
	return { winnerId, mergedLeadIds: losers, merged: true };
}

export const operation = defineOperation({
	option: {
		name: 'Merge',
		value: 'merge',
		description: 'Merge up to 25 losing leads into a winning lead',
		action: 'Merge leads',
	},
	since: 2,
	fields: properties,
	check,
	run: execute,
});
