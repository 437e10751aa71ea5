import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readRequest } from '../../transport';
import { filtersCollection, limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { collectByOffset } from '../../transport/paging';
import { readDateTime } from '../parameters';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

/** Its entry in the Operation list (under Program; under Email in version 1, with its old value). */
export const emailProgramsOperation = {
	name: 'Get Many Email Programs',
	description: 'Get many programs of type Email',
	action: 'Get many email programs',
};

/** The update-time filters of program browsing (also Program → Get Many's). */
export const updatedAtFilters: INodeProperties[] = [
	{
		displayName: 'Earliest Updated At',
		name: 'earliestUpdatedAt',
		type: 'dateTime',
		default: '',
		description: 'Only programs updated at or after this time (needs Latest Updated At)',
	},
	{
		displayName: 'Latest Updated At',
		name: 'latestUpdatedAt',
		type: 'dateTime',
		default: '',
		description: 'Only programs updated at or before this time (needs Earliest Updated At)',
	},
];

/** Its fields; also shown under Email → Get Many Email Programs, its version-1 place. */
export const emailProgramsProperties: INodeProperties[] = [
	...returnAllAndLimit,
	filtersCollection([
		...updatedAtFilters,
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			default: 'unlocked',
			options: [{ name: 'Unlocked', value: 'unlocked' }],
			description: 'Only email programs in this status',
		},
	]),
];

/** The item's filters as the programs' query, the times checked before any call. */
function check(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	if (filters.status) qs.status = filters.status;
	if (filters.earliestUpdatedAt) {
		qs.earliestUpdatedAt = readDateTime(
			this,
			'filters.earliestUpdatedAt',
			itemIndex,
			'Earliest Updated At',
		);
	}
	if (filters.latestUpdatedAt) {
		qs.latestUpdatedAt = readDateTime(
			this,
			'filters.latestUpdatedAt',
			itemIndex,
			'Latest Updated At',
		);
	}
	return qs;
}

/**
 * `GET /rest/asset/v1/programs.json` by offset, 200 a page (the service's maximum), until a short
 * page, the "no assets" warning or the limit, keeping the programs `keep` accepts: no call more
 * than the records need.
 */
export function readPrograms(keep?: (program: IDataObject) => boolean) {
	return async function (
		this: IExecuteFunctions,
		itemIndex: number,
		qs: IDataObject,
	): Promise<IDataObject[]> {
		return await collectByOffset(
			this,
			readRequest('/rest/asset/v1/programs.json', { qs, itemIndex }),
			limitOf(this, itemIndex),
			keep,
		);
	};
}

/**
 * `GET /rest/asset/v1/programs.json` has no program-type parameter (the spec's `type=email` does not
 * exist): only programs whose `type` is "Email" (any case) are kept; Limit counts kept programs.
 */
const isEmailProgram = (program: IDataObject) =>
	String(program.type ?? '').toLowerCase() === 'email';

/** Several items' reads run concurrently (see `concurrentReads`); also offered under another resource. */
export const emailProgramsRun = { check, runBatch: concurrentReads(readPrograms(isEmailProgram)) };

export const operation = defineOperation({
	option: { ...emailProgramsOperation, value: 'getEmailPrograms' },
	since: 2,
	fields: emailProgramsProperties,
	...emailProgramsRun,
});
