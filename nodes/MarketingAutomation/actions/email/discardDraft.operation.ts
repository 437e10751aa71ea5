import { defineOperation } from '../../../shared/operation';
import { versionChange } from './emailCall';

/**
 * `POST /rest/asset/v1/email/{id}/discardDraft.json` (form-encoded, no fields): the draft is
 * dropped, the approved version stays.
 */
export const operation = defineOperation({
	option: {
		name: 'Discard Draft',
		value: 'discardDraft',
		description: 'Drop the draft of an approved email, keeping the approved version',
		action: 'Discard an email draft',
	},
	...versionChange(
		{
			action: 'discardDraft.json',
			done: 'discarded',
			fixFor709:
				'Only the draft of an approved email can be discarded: an email that was never approved has nothing to go back to (edit or delete it in the service instead), and an email without a draft has nothing to discard. Email → Get Content with Version "Draft" shows whether a draft exists.',
		},
		{ draftDiscarded: true },
	),
});
