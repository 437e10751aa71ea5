import { requiredText, userIdField, withPicker } from '../../helpers/fields';
import { API_KEY_ID, readIdParameter, USER_ID } from '../../helpers/validation';
import { revokeApiKey } from '../../transport/directory';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Revoke',
		value: 'revoke',
		action: 'Revoke an API key of a user',
		description: 'Revoke a user’s API key, so it stops working at once. Needs an Admin key.',
	},
	fields: [
		...withPicker(userIdField(), 'searchUsers'),
		...withPicker(
			requiredText(
				'API Key ID',
				'keyId',
				'e.g. key-8c1d2e3f',
				'The ID of the key, as API Key → Create and API Key → Get Many return it',
			),
			'searchApiKeys',
		),
	],
	check(itemIndex) {
		return {
			userId: readIdParameter(this, 'userId', itemIndex, USER_ID),
			keyId: readIdParameter(this, 'keyId', itemIndex, API_KEY_ID),
		};
	},
	async run(itemIndex, { userId, keyId }) {
		await revokeApiKey(this, userId, keyId, itemIndex);
		return { revoked: true, user_id: userId, id: keyId };
	},
});
