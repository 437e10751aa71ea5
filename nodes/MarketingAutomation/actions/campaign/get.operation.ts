import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { campaignLocator } from '../fields';
import { readId } from '../parameters';
import type { MarketingAutomationMap } from '../node.type';
import { concurrentReads } from '../batches';

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

/** Several items' reads run concurrently (see `concurrentReads`). */
export const executeBatch = concurrentReads(execute);
