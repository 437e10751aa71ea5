import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { CheckedItem } from '../../../shared/operation';
import { defineOperation } from '../../../shared/operation';
import type { BatchOutcome } from '../../../shared/router';
import { inputError } from '../../../shared/inputError';
import { itemParameter, parameterOf } from '../../../shared/itemParameters';
import { LEAD_BATCH } from '../../transport/paging';
import { keyedBatches, perExecution } from '../batches';
import { sendRecordBatches, withReasons } from '../leadDatabase/write';
import { readGuid } from './fields';

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
		displayName: 'Named Account List ID',
		name: 'namedAccountListId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. dff23271-f996-47d7-984f-f2676861b5fb',
		description: 'The marketoGUID of the list to delete. One list per item; 300 per call.',
		displayOptions: { show: { deleteBy: ['idField'] } },
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Target accounts Q1',
		description: 'The exact name of the list to delete. One list per item; 300 per call.',
		displayOptions: { show: { deleteBy: ['dedupeFields'] } },
	},
];

interface Removal {
	deleteBy: 'idField' | 'dedupeFields';
	record: IDataObject;
}

const readersOf = perExecution((ctx: IExecuteFunctions) => ({
	deleteByOf: parameterOf(ctx, 'deleteBy', 'idField'),
}));

function check(this: IExecuteFunctions, itemIndex: number): Removal {
	if (String(readersOf(this).deleteByOf(itemIndex)) === 'dedupeFields') {
		const name = String(itemParameter<unknown>(this, 'name', itemIndex, '') ?? '').trim();
		if (!name) {
			throw inputError(
				this.getNode(),
				itemIndex,
				{ parameter: 'name', missing: true },
				`The name is empty in item ${itemIndex}`,
				'Give the exact name of the named account list to delete.',
			);
		}
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
	const outcomes: BatchOutcome[][] = [];
	const entries = items.map(({ itemIndex, input }) => ({ itemIndex, ...input }));
	const { batches, waitsFor } = keyedBatches(
		entries,
		LEAD_BATCH,
		(entry) => entry.deleteBy,
		(entry) => JSON.stringify(entry.record).toLowerCase(),
	);
	await sendRecordBatches(
		this,
		batches,
		waitsFor,
		outcomes,
		(batch) => ({
			path: '/rest/v1/namedAccountLists/delete.json',
			body: { deleteBy: batch[0].deleteBy, input: batch.map((entry) => entry.record) },
			safeToRepeat: true,
		}),
		(entry, result) => {
			const json: IDataObject = { status: result.status, ...entry.record };
			if (result.marketoGUID !== undefined) json.marketoGUID = result.marketoGUID;
			const reasons = (result.reasons ?? []) as Array<{ code?: unknown }>;
			if (reasons.some((reason) => String(reason.code) === '1013')) json.found = false;
			outcomes[entry.itemIndex] = [{ json: withReasons(json, result) }];
		},
	);
	return outcomes;
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
