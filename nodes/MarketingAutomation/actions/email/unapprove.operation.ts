import type { INodeProperties } from 'n8n-workflow';

import { defineOperation } from '../../../shared/operation';
import { emailLocator } from '../fields';
import { checkId } from '../parameters';
import { postToEmail } from './emailCall';

/**
 * `POST /rest/asset/v1/email/{id}/unapprove.json` (form-encoded, no fields): the approved version
 * goes back to draft. Not repeated after an unclear answer: a second call would be refused (709,
 * not approved) and hide that the first one worked.
 */
export const operation = defineOperation({
	option: {
		name: 'Unapprove',
		value: 'unapprove',
		description: 'Take an approved email back to draft',
		action: 'Unapprove an email',
	},
	since: 2,
	fields: [emailLocator] as INodeProperties[],
	check: checkId('email'),
	async run(itemIndex, id) {
		await postToEmail(this, itemIndex, id, {
			action: 'unapprove.json',
			done: 'unapproved',
			fixFor709:
				'Only an approved email can be unapproved: check its status with Email → Get by Name. If it is approved, the service’s reason above says what blocks it; change that in the service first.',
			safeToRepeat: false,
		});
		return { id, approved: false };
	},
});
