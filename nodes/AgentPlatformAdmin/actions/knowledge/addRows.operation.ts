import type { IDataObject } from 'n8n-workflow';

import { optionsCollection, listOf } from '../../../shared/descriptions';
import { defineOperation } from '../../../shared/operation';
import { callsInFlightOption, DEFAULT_CALLS_IN_FLIGHT, writeRows } from '../../helpers/knowledge';
import { knowledgeSetLocator } from '../../helpers/runFields';
import { KNOWLEDGE_SET, readIdParameter, refuse } from '../../helpers/validation';
import { addKnowledgeRows } from '../../transport/work';

interface AddInput {
	knowledgeSet: string;
	row: IDataObject;
	callsInFlight: number;
}

export const operation = defineOperation<AddInput>({
	option: {
		name: 'Add Rows',
		value: 'addRows',
		action: 'Add rows to a knowledge table',
		description:
			'Add each input item as a row of a knowledge table (the table is created by its first row); the rows go in batches',
	},
	fields: [
		{
			...knowledgeSetLocator,
			description:
				'The knowledge table of the project named in the credential; a new name creates the table',
		},
		optionsCollection([
			callsInFlightOption,
			{
				displayName: 'Fields to Send',
				name: 'fields',
				type: 'string',
				default: '',
				placeholder: 'e.g. name, country, revenue',
				description:
					"The item's fields that become the row's columns, separated by commas; empty sends every field",
			},
		]),
	],
	check(itemIndex) {
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const json = this.getInputData()[itemIndex]?.json ?? {};
		const wanted = listOf(options.fields);
		const row = wanted.length
			? Object.fromEntries(wanted.filter((f) => f in json).map((f) => [f, json[f]]))
			: { ...json };
		if (Object.keys(row).length === 0) {
			refuse(
				this.getNode(),
				itemIndex,
				`Item ${itemIndex} has no fields to add as a row`,
				wanted.length
					? `None of the Fields to Send (${wanted.join(', ')}) is in the item; check their names.`
					: 'The item is empty: map the fields the row should have before this node.',
			);
		}
		return {
			knowledgeSet: readIdParameter(this, 'knowledgeSet', itemIndex, KNOWLEDGE_SET),
			row: row as IDataObject,
			callsInFlight: Number(options.callsInFlight ?? DEFAULT_CALLS_IN_FLIGHT) || 1,
		};
	},
	runBatch: writeRows<AddInput>(
		async (ctx, table, items) =>
			await addKnowledgeRows(
				ctx,
				table,
				items.map((item) => item.input.row),
				items[0].itemIndex,
			),
		(input) => ({ knowledge_set: input.knowledgeSet, row: input.row }),
	),
});
