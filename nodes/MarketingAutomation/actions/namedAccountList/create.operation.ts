import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { CheckedItem } from '../../../shared/operation';
import { defineOperation } from '../../../shared/operation';
import type { BatchOutcome } from '../../../shared/router';
import { inputError } from '../../../shared/inputError';
import { itemParameter } from '../../../shared/itemParameters';
import { sendListWrites } from './listWrites';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Target accounts Q1',
		description: 'The new list’s name. One list per item; the items go 300 per call.',
	},
];

function check(this: IExecuteFunctions, itemIndex: number): { name: string } {
	const name = String(itemParameter<unknown>(this, 'name', itemIndex, '') ?? '').trim();
	if (!name) {
		throw inputError(
			this.getNode(),
			itemIndex,
			{ parameter: 'name', missing: true },
			`The name is empty in item ${itemIndex}`,
			'Give the named account list a name.',
		);
	}
	return { name };
}

/**
 * `POST /rest/v1/namedAccountLists.json` with `action: createOnly` (the service's default and, with
 * update, its only action) and up to 300 names. A name that exists already is skipped by the
 * service (its reasons say so), so a repeated call creates nothing twice.
 */
async function runBatch(
	this: IExecuteFunctions,
	items: Array<CheckedItem<{ name: string }>>,
): Promise<BatchOutcome[][]> {
	return await sendListWrites(
		this,
		items.map(({ itemIndex, input }) => ({ itemIndex, group: 'create', record: input })),
		'/rest/v1/namedAccountLists.json',
		(_group, records) => ({ action: 'createOnly', input: records }),
	);
}

export const operation = defineOperation({
	option: {
		name: 'Create',
		value: 'create',
		description: 'Create named account lists by name, 300 per call; a name in use is skipped',
		action: 'Create a named account list',
	},
	fields: properties,
	check,
	runBatch,
});
