import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { CheckedItem } from '../../../shared/operation';
import { defineOperation } from '../../../shared/operation';
import { client } from '../../transport';
import { requireServiceApi } from '../../transport/signals';

/**
 * Service API: `GET /v3/account/usage` (`getAccountUsage`), free, but limited to 5 calls a minute:
 * one call for all the items of a run, its answer (`credits`, `rateLimits` with each window's
 * `resetsAt`, `plan`, `pricing`) on each item.
 */
export const operation = defineOperation({
	option: {
		name: 'Get Usage',
		value: 'getUsage',
		description: "Get the account's credits, rate limits and plan (one call per run, free)",
		action: "Get the account's usage",
	},
	fields: [],
	async check(this: IExecuteFunctions, itemIndex: number) {
		await requireServiceApi(this, 'Get Usage', itemIndex);
	},
	async runBatch(this: IExecuteFunctions, items: Array<CheckedItem<void>>) {
		if (items.length === 0) return [];
		const { body } = await client.apiRequestOk(this, {
			method: 'GET',
			path: '/v3/account/usage',
			itemIndex: items[0].itemIndex,
			safeToRepeat: true,
		});
		const usage = (body ?? {}) as IDataObject;
		const outcomes: Array<Array<{ json: IDataObject }>> = [];
		for (const { itemIndex } of items) outcomes[itemIndex] = [{ json: { ...usage } }];
		return outcomes;
	},
});
