import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { CheckedItem } from '../../../shared/operation';
import { defineOperation } from '../../../shared/operation';
import type { BatchOutcome } from '../../../shared/router';
import { parameterOf } from '../../../shared/itemParameters';
import { perExecution } from '../../../shared/perExecution';
import { listIdField, nameField, readGuid, readName } from './fields';
import { sendListWrites } from './listWrites';

const properties: INodeProperties[] = [
	{
		displayName: 'Delete By',
		name: 'deleteBy',
		type: 'options',
		default: 'idField',
		options: [
			{ name: 'ID', value: 'idField', description: 'The list’s marketoGUID' },
			{ name: 'Name', value: 'dedupeFields', description: 'The list’s exact name' },
		],
	},
	{
		...listIdField,
		description: 'The marketoGUID of the list to delete. One list per item; 300 per call.',
		displayOptions: { show: { deleteBy: ['idField'] } },
	},
	{
		...nameField('The exact name of the list to delete'),
		displayOptions: { show: { deleteBy: ['dedupeFields'] } },
	},
];

interface Removal {
	deleteBy: 'idField' | 'dedupeFields';
	record: IDataObject;
}

const deleteByOf = perExecution((ctx: IExecuteFunctions) =>
	parameterOf(ctx, 'deleteBy', 'idField'),
);

function check(this: IExecuteFunctions, itemIndex: number): Removal {
	if (String(deleteByOf(this)(itemIndex)) === 'dedupeFields') {
		const name = readName(
			this,
			itemIndex,
			'Give the exact name of the named account list to delete.',
		);
		return { deleteBy: 'dedupeFields', record: { name } };
	}
	const id = readGuid(this, 'namedAccountListId', itemIndex, 'named account list ID');
	return { deleteBy: 'idField', record: { marketoGUID: id } };
}

/**
 * `POST /rest/v1/namedAccountLists/delete.json` with `deleteBy` and up to 300 keys. A list that is
 * not there is skipped with 1013 and gets `found: false`; a delete is safe to repeat.
 */
async function runBatch(
	this: IExecuteFunctions,
	items: Array<CheckedItem<Removal>>,
): Promise<BatchOutcome[][]> {
	return await sendListWrites(
		this,
		items.map(({ itemIndex, input }) => ({
			itemIndex,
			group: input.deleteBy,
			record: input.record,
		})),
		'/rest/v1/namedAccountLists/delete.json',
		(deleteBy, records) => ({ deleteBy, input: records }),
	);
}

export const operation = defineOperation({
	option: {
		name: 'Delete',
		value: 'delete',
		description: 'Delete named account lists by ID or name, 300 per call',
		action: 'Delete a named account list',
	},
	fields: properties,
	check,
	runBatch,
});
