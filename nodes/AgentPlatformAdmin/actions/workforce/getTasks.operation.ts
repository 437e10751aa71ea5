import type { IDataObject } from 'n8n-workflow';

import { limitOf, optionsCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { defineOperation } from '../../../shared/operation';
import { PAGE_SIZE } from '../../helpers/paging';
import { workforceLocator } from '../../helpers/runFields';
import { readIdParameter, WORKFORCE_ID } from '../../helpers/validation';
import { workforceTasksPage } from '../../transport/work';

/** A bound on pages read for one listing (100 000 tasks at the page size). */
const MAX_PAGES = 1000;

export const operation = defineOperation({
	option: {
		name: 'Get Many Tasks',
		value: 'getTasks',
		action: 'Get many tasks of a workforce',
		description: 'List the tasks of a workforce, newest first, with their state and title',
	},
	fields: [
		workforceLocator,
		...returnAllAndLimit,
		optionsCollection([
			{
				displayName: 'Search',
				name: 'query',
				type: 'string',
				default: '',
				description: 'Only tasks whose title or messages contain these words',
			},
		]),
	],
	check(itemIndex) {
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		return {
			workforceId: readIdParameter(this, 'workforceId', itemIndex, WORKFORCE_ID),
			query: String(options.query ?? '').trim() || undefined,
			limit: limitOf(this, itemIndex),
		};
	},
	/** Pages by the platform's cursor until the limit or the last page. */
	async run(itemIndex, { workforceId, query, limit }) {
		const tasks: IDataObject[] = [];
		let cursor: string | undefined;
		for (let page = 0; page < MAX_PAGES && tasks.length < limit; page++) {
			const { rows, next } = await workforceTasksPage(
				this,
				workforceId,
				PAGE_SIZE,
				cursor,
				query,
				itemIndex,
			);
			tasks.push(...rows);
			if (!next || rows.length === 0) break;
			cursor = next;
		}
		return tasks.slice(0, limit);
	},
});
