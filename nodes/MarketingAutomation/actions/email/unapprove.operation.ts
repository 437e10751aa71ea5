import { defineOperation } from '../../../shared/operation';
import { versionChange } from './emailCall';

/** `POST /rest/asset/v1/email/{id}/unapprove.json` (form-encoded, no fields): back to draft. */
export const operation = defineOperation({
	option: {
		name: 'Unapprove',
		value: 'unapprove',
		description: 'Take an approved email back to draft',
		action: 'Unapprove an email',
	},
	...versionChange(
		{
			action: 'unapprove.json',
			done: 'unapproved',
			fixFor709:
				'Only an approved email can be unapproved: check its status with Email → Get by Name. If it is approved, the service’s reason above says what blocks it; change that in the service first.',
		},
		{ approved: false },
	),
});
