import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { listLocator } from '../fields';
import { checkId } from '../parameters';
import { defineOperation } from '../../../shared/operation';

/**
 * Delete Static List (`POST /rest/asset/v1/staticList/{id}/delete.json`). A list used by an import,
 * an export or another asset cannot be deleted; the service says so (709).
 */
async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	id: number,
): Promise<IDataObject> {
	await apiRequest.call(this, {
		method: 'POST',
		// Replayed after a lost answer it would say 702 for the list it deleted.
		safeToRepeat: false,
		path: `/rest/asset/v1/staticList/${id}/delete.json`,
		itemIndex,
		refusals: {
			'702': {
				message: `No static list with ID ${id} (702)`,
				fix: 'Pick the list from the list; it may have been deleted already.',
			},
			'709': {
				message: `List ${id} is in use and cannot be deleted (709)`,
				fix: 'Remove the list from the smart lists, imports or exports that use it, then delete it.',
			},
		},
	});
	return { id, deleted: true };
}

export const operation = defineOperation({
	option: {
		name: 'Delete',
		value: 'delete',
		description: 'Delete a static list that nothing uses',
		action: 'Delete a list',
	},
	since: 2,
	fields: [listLocator] as INodeProperties[],
	check: checkId('list'),
	run: execute,
});
