import type { IDataObject } from 'n8n-workflow';

import { limitOf, returnAllAndLimit, simplifyField } from '../../../shared/descriptions';
import { defineOperation } from '../../../shared/operation';
import { readRowFilters, rowFiltersField } from '../../helpers/knowledge';
import { collectPages } from '../../helpers/paging';
import { knowledgeSetLocator } from '../../helpers/runFields';
import { KNOWLEDGE_SET, readIdParameter } from '../../helpers/validation';
import { listKnowledgeRows } from '../../transport/work';

/** A row as its columns, with its ID first (what Update Rows names it by). */
function simplifyRow(record: IDataObject): IDataObject {
	return { document_id: record.document_id, ...((record.data ?? {}) as IDataObject) };
}

export const operation = defineOperation({
	option: {
		name: 'Get Many Rows',
		value: 'getRows',
		action: 'Get many rows of a knowledge table',
		description: 'List the rows of a knowledge table, optionally only those whose fields match',
	},
	fields: [
		knowledgeSetLocator,
		...returnAllAndLimit,
		rowFiltersField,
		{
			...simplifyField,
			description:
				'Whether to return each row as its columns and its document_id (on) or as the platform stores it (off)',
		},
	],
	check(itemIndex) {
		return {
			knowledgeSet: readIdParameter(this, 'knowledgeSet', itemIndex, KNOWLEDGE_SET),
			filters: readRowFilters(this, itemIndex),
			simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean,
			limit: limitOf(this, itemIndex),
		};
	},
	async run(itemIndex, { knowledgeSet, filters, simplify, limit }) {
		const rows = await collectPages(
			async (page, pageSize) => ({
				rows: await listKnowledgeRows(this, knowledgeSet, filters, page, pageSize, itemIndex),
			}),
			limit,
		);
		return simplify ? rows.map(simplifyRow) : rows;
	},
});
