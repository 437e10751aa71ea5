import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { userIdField, withPicker } from '../../helpers/fields';
import { readIdParameter, USER_ID } from '../../helpers/validation';
import { listApiKeys } from '../../transport/directory';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many API keys of a user',
		description: 'List the API keys of a user (their IDs and labels, never the keys themselves)',
	},
	fields: [...withPicker(userIdField(), 'searchUsers'), ...returnAllAndLimit],
	check(itemIndex) {
		return readIdParameter(this, 'userId', itemIndex, USER_ID);
	},
	// The platform answers every key at once; Limit keeps the first ones.
	async run(itemIndex, userId) {
		return (await listApiKeys(this, userId, itemIndex)).slice(0, limitOf(this, itemIndex));
	},
});
