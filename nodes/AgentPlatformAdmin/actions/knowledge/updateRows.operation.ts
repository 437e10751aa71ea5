import type { IDataObject } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { defineOperation } from '../../../shared/operation';
import { requiredText } from '../../helpers/fields';
import {
	callsInFlightOption,
	DEFAULT_CALLS_IN_FLIGHT,
	readJsonObject,
	writeRows,
} from '../../helpers/knowledge';
import { knowledgeSetLocator } from '../../helpers/runFields';
import {
	KNOWLEDGE_SET,
	readIdParameter,
	refuse,
	requireId,
	ROW_ID,
} from '../../helpers/validation';
import { updateKnowledgeRows } from '../../transport/work';

interface UpdateInput {
	knowledgeSet: string;
	rowId: string;
	data: IDataObject;
	callsInFlight: number;
}

export const operation = defineOperation<UpdateInput>({
	option: {
		name: 'Update Rows',
		value: 'updateRows',
		action: 'Update rows of a knowledge table',
		description:
			'Set fields of rows of a knowledge table, one row per input item, named by its row ID; the updates go in batches',
	},
	fields: [
		knowledgeSetLocator,
		requiredText(
			'Row ID',
			'rowId',
			'e.g. {{ $json.document_id }}',
			'The document_id of the row, as Knowledge → Get Many Rows returns it',
		),
		{
			displayName: 'Fields (JSON)',
			name: 'fieldsJson',
			type: 'json',
			required: true,
			default: '{}',
			description:
				'The columns to set and their new values, as one JSON object, e.g. {"status": "customer"}',
		},
		optionsCollection([callsInFlightOption]),
	],
	check(itemIndex) {
		const node = this.getNode();
		const data = readJsonObject(this, 'fieldsJson', 'Fields (JSON)', itemIndex);
		if (Object.keys(data).length === 0) {
			refuse(
				node,
				itemIndex,
				`The 'Fields (JSON)' field of item ${itemIndex} names no field to update`,
				'Give the columns to set and their values, e.g. {"status": "customer"}.',
			);
		}
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		return {
			knowledgeSet: readIdParameter(this, 'knowledgeSet', itemIndex, KNOWLEDGE_SET),
			rowId: requireId(node, itemIndex, this.getNodeParameter('rowId', itemIndex, ''), ROW_ID),
			data,
			callsInFlight: Number(options.callsInFlight ?? DEFAULT_CALLS_IN_FLIGHT) || 1,
		};
	},
	runBatch: writeRows<UpdateInput>(
		async (ctx, table, items) =>
			await updateKnowledgeRows(
				ctx,
				table,
				items.map(({ input }) => ({ document_id: input.rowId, data: input.data })),
				items[0].itemIndex,
			),
		(input) => ({
			knowledge_set: input.knowledgeSet,
			document_id: input.rowId,
			updated: input.data,
		}),
	),
});
