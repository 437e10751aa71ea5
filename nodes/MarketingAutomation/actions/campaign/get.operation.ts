import type { INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRead } from '../../transport';
import { campaignLocator } from '../fields';
import { checkId } from '../parameters';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: { name: 'Get', value: 'get', description: 'Get a campaign', action: 'Get a campaign' },
	fields: [campaignLocator] as INodeProperties[],
	check: checkId('campaign'),
	runBatch: concurrentReads(async function (itemIndex, id) {
		const answer = await apiRead.call(this, `/rest/v1/campaigns/${id}.json`, { itemIndex });
		const campaign = answer.result?.[0];
		if (!campaign) {
			throw new NodeOperationError(this.getNode(), `No campaign with ID ${id}`, {
				itemIndex,
				description: 'Check the campaign ID, or pick the campaign from the list.',
			});
		}
		return campaign;
	}),
});
