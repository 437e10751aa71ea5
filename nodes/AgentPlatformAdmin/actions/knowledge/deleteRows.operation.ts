import { defineOperation } from '../../../shared/operation';
import { readRowFilters, rowFiltersField } from '../../helpers/knowledge';
import { knowledgeSetLocator } from '../../helpers/runFields';
import { KNOWLEDGE_SET, readIdParameter, refuse } from '../../helpers/validation';
import { deleteKnowledgeRows } from '../../transport/work';

export const operation = defineOperation({
	option: {
		name: 'Delete Rows',
		value: 'deleteRows',
		action: 'Delete rows of a knowledge table',
		description:
			'Delete the rows of a knowledge table whose fields match the filters, or, when chosen, every row',
	},
	fields: [
		knowledgeSetLocator,
		{
			displayName: 'Delete',
			name: 'deleteMode',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'All Rows',
					value: 'all',
					description: 'Empty the table: every row is deleted',
				},
				{
					name: 'Rows Matching Filters',
					value: 'matching',
					description: 'Only the rows whose fields equal the filters’ values',
				},
			],
			default: 'matching',
		},
		{ ...rowFiltersField, displayOptions: { show: { deleteMode: ['matching'] } } },
	],
	check(itemIndex) {
		const all = this.getNodeParameter('deleteMode', itemIndex, 'matching') === 'all';
		const filters = all ? [] : readRowFilters(this, itemIndex);
		if (!all && filters.length === 0) {
			refuse(
				this.getNode(),
				itemIndex,
				`Item ${itemIndex} has no filter, so it would delete every row of the table`,
				"Add a filter that names the rows to delete, or set Delete to 'All Rows' to empty the table.",
			);
		}
		return {
			knowledgeSet: readIdParameter(this, 'knowledgeSet', itemIndex, KNOWLEDGE_SET),
			filters,
		};
	},
	/** Safe to repeat: a second delete of the same rows deletes nothing more. */
	async run(itemIndex, { knowledgeSet, filters }) {
		await deleteKnowledgeRows(this, knowledgeSet, filters, itemIndex);
		return {
			knowledge_set: knowledgeSet,
			deleted: filters.length
				? Object.fromEntries(
						filters.map((f) => [f.field.replace(/^data\./, ''), f.condition_value]),
					)
				: 'all',
		};
	},
});
