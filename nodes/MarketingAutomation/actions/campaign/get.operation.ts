import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { apiRequest, callsInFlight } from '../../transport';
import { campaignLocator } from '../fields';
import { readId } from '../parameters';
import type { MarketingAutomationMap } from '../node.type';
import type { BatchOutcome } from '../../../shared/router';
import { readItems } from '../batches';

export const operation = 'get' satisfies MarketingAutomationMap['campaign'];

export const description = updateDisplayOptions(
	{ show: { resource: ['campaign'], operation: [operation] } },
	[campaignLocator] as INodeProperties[],
);

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readId(this, 'campaign', itemIndex, 'campaign');
	const answer = await apiRequest.call(this, {
		method: 'GET',
		safeToRepeat: true,
		path: `/rest/v1/campaigns/${id}.json`,
		itemIndex,
	});
	const campaign = answer.result?.[0];
	if (!campaign) {
		throw new NodeOperationError(this.getNode(), `No campaign with ID ${id}`, {
			itemIndex,
			description: 'Check the campaign ID, or pick the campaign from the list.',
		});
	}
	return campaign;
}

/** Reads of several items run concurrently (see `readItems`); outputs stay in input order. */
export async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	return await readItems(this, itemIndexes, await callsInFlight(this), execute);
}
