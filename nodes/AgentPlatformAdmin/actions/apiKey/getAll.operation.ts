import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { userIdField, withPicker } from '../../helpers/fields';
import { readIdParameter, USER_ID } from '../../helpers/validation';
import { listApiKeys } from '../../transport/directory';
import { defineOperation } from '../../../shared/operation';

const readUserId = (ctx: IExecuteFunctions, itemIndex: number) =>
	readIdParameter(ctx, 'userId', itemIndex, USER_ID);

function check(this: IExecuteFunctions, itemIndex: number): void {
	readUserId(this, itemIndex);
}

/** The platform answers every key at once; Limit keeps the first ones. */
async function run(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const userId = readUserId(this, itemIndex);
	return (await listApiKeys(this, userId, itemIndex)).slice(0, limitOf(this, itemIndex));
}

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many API keys of a user',
		description: 'List the API keys of a user (their IDs and labels, never the keys themselves)',
	},
	fields: [...withPicker(userIdField(), 'searchUsers'), ...returnAllAndLimit],
	check,
	run,
});
