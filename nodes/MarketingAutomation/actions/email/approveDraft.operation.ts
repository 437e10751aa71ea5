import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { emailLocator } from '../fields';
import { readId } from '../parameters';
import type { MarketingAutomationMap } from '../node.type';

export const operation = 'approveDraft' satisfies MarketingAutomationMap['email'];

export const description = updateDisplayOptions(
	{ show: { resource: ['email'], operation: [operation] } },
	[emailLocator] as INodeProperties[],
);

/**
 * `POST /rest/asset/v1/email/{id}/approveDraft.json` (form-encoded, no fields). Not safeToRepeat:
 * replayed only after a 6xx answer.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readId(this, 'email', itemIndex, 'email');
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
