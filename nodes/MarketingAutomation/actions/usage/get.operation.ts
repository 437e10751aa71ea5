import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRead } from '../../transport';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

const properties: INodeProperties[] = [
	{
		displayName: 'Period',
		name: 'period',
		type: 'options',
		default: 'today',
		options: [
			{
				name: 'Last 7 Days',
				value: 'last7Days',
				description: 'One item per day of the last 7 days',
			},
			{
				name: 'Today',
				value: 'today',
				description: "Today's calls (the quota's day, US Central time)",
			},
		],
	},
];

const PATHS: Record<string, string> = {
	today: '/rest/v1/stats/usage.json',
	last7Days: '/rest/v1/stats/usage/last7days.json',
};

/**
 * API usage (`GET /rest/v1/stats/usage.json` or `…/usage/last7days.json`): one item per day with
 * its `total` and the calls per API user (`users: [{userId, count}]`), so a workflow can check the
 * instance's daily quota before it spends it.
 */
async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const period = String(this.getNodeParameter('period', itemIndex, 'today'));
	const answer = await apiRead.call(this, PATHS[period] ?? PATHS.today, { itemIndex });
	return answer.result ?? [];
}

export const operation = defineOperation({
	option: {
		name: 'Get',
		value: 'get',
		description:
			"Get the instance's API calls per day and per API user, today or over the last 7 days",
		action: 'Get API usage',
	},
	fields: properties,
	runBatch: concurrentReads(execute),
});
