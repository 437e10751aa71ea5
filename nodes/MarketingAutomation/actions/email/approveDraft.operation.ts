import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { emailLocator } from '../fields';
import { checkId } from '../parameters';
import { defineOperation } from '../../../shared/operation';

/**
 * `POST /rest/asset/v1/email/{id}/approveDraft.json` (form-encoded, no fields). Not safeToRepeat:
 * replayed only after a 6xx answer.
 */
async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	id: number,
): Promise<IDataObject> {
	const answer = await apiRequest.call(this, {
		method: 'POST',
		path: `/rest/asset/v1/email/${id}/approveDraft.json`,
		form: true,
		body: {},
		safeToRepeat: false,
		itemIndex,
	});
	return { id: answer.result?.[0]?.id ?? id, approved: true };
}

export const operation = defineOperation({
	option: {
		name: 'Approve Draft',
		value: 'approveDraft',
		description: 'Approve the draft of an email',
		action: 'Approve an email draft',
	},
	fields: [emailLocator] as INodeProperties[],
	check: checkId('email'),
	run: execute,
});
