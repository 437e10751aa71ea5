import type { INodeProperties } from 'n8n-workflow';

import { defineOperation } from '../../../shared/operation';
import { emailLocator } from '../fields';
import { checkId } from '../parameters';
import { postToEmail } from './emailCall';

/**
 * `POST /rest/asset/v1/email/{id}/discardDraft.json` (form-encoded, no fields): the draft is
 * dropped, the approved version stays. Not repeated after an unclear answer: a second call would
 * be refused (709, no draft) and hide that the first one worked.
 */
export const operation = defineOperation({
	option: {
		name: 'Discard Draft',
		value: 'discardDraft',
		description: 'Drop the draft of an approved email, keeping the approved version',
		action: 'Discard an email draft',
	},
	since: 2,
	fields: [emailLocator] as INodeProperties[],
	check: checkId('email'),
	async run(itemIndex, id) {
		await postToEmail(this, itemIndex, id, {
			action: 'discardDraft.json',
			done: 'discarded',
			fixFor709:
				'Only the draft of an approved email can be discarded: an email that was never approved has nothing to go back to (edit or delete it in the service instead), and an email without a draft has nothing to discard. Email → Get Content with Version "Draft" shows whether a draft exists.',
			safeToRepeat: false,
		});
		return { id, draftDiscarded: true };
	},
});
