import { readAuthInfo } from '../../transport/directory';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Get Current',
		value: 'getCurrent',
		action: 'Get the user the API key belongs to',
		description:
			'Read who the credential’s API key is: its user ID, key ID and permissions, to act on “my” projects',
	},
	fields: [],
	async run(itemIndex) {
		return await readAuthInfo(this, itemIndex);
	},
});
