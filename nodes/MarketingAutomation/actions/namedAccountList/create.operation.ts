import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { CheckedItem } from '../../../shared/operation';
import { defineOperation } from '../../../shared/operation';
import type { BatchOutcome } from '../../../shared/router';
import { nameField, readName } from './fields';
import { sendListWrites } from './listWrites';

const properties: INodeProperties[] = [nameField('The new list’s name')];

function check(this: IExecuteFunctions, itemIndex: number): { name: string } {
	return { name: readName(this, itemIndex, 'Give the named account list a name.') };
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
