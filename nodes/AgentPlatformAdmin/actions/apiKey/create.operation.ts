import type { IDataObject } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { userIdField, withPicker } from '../../helpers/fields';
import { readIdParameter, readText, USER_ID } from '../../helpers/validation';
import { createApiKey } from '../../transport/directory';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create an API key for a user',
		description:
			'Create an API key for a user of the project; the output holds the key once, so store it at once. Needs an Admin key.',
	},
	fields: [
		...withPicker(userIdField(), 'searchUsers'),
		optionsCollection([
			{
				displayName: 'Label',
				name: 'label',
				type: 'string',
				default: '',
				description: 'A name that says what the key is for',
			},
			{
				displayName: 'Notes',
				name: 'notes',
				type: 'string',
				default: '',
				description: 'Free text kept with the key',
			},
			{
				displayName: 'Valid for (Hours)',
				name: 'ttlHours',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 720,
				description: 'How long the key works; without it the key does not expire',
			},
		]),
	],
	check(itemIndex) {
		const node = this.getNode();
		const options = (this.getNodeParameter('options', itemIndex, {}) ?? {}) as IDataObject;
		const body: IDataObject = {};
		const label = readText(node, itemIndex, options.label, 'Label');
		const notes = readText(node, itemIndex, options.notes, 'Notes');
		if (label) body.label = label;
		if (notes) body.notes = notes;
		if (options.ttlHours !== undefined) body.ttl_hours = Number(options.ttlHours);
		return {
			userId: readIdParameter(this, 'userId', itemIndex, USER_ID),
			body,
		};
	},
	async run(itemIndex, { userId, body }) {
		return { user_id: userId, ...(await createApiKey(this, userId, body, itemIndex)) };
	},
});
