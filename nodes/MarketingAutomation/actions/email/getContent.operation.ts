import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { emailLocator, readId } from '../common';
import type { MarketingAutomationMap } from '../node.type';

export const operation = 'getContent' satisfies MarketingAutomationMap['email'];

const properties: INodeProperties[] = [
	emailLocator,
	{
		displayName: 'Version',
		name: 'status',
		type: 'options',
		default: 'approved',
		options: [
			{ name: 'Approved', value: 'approved' },
			{ name: 'Draft', value: 'draft' },
		],
		description: 'Which version of the email to read',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['email'], operation: [operation] } },
	properties,
);

/** `GET /rest/asset/v1/email/{id}/content.json`: the editable sections, as one item. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readId(this, 'email', itemIndex, 'email');
	const status = this.getNodeParameter('status', itemIndex, 'approved') as string;
	const answer = await apiRequest.call(this, {
		method: 'GET',
		path: `/rest/asset/v1/email/${id}/content.json`,
		qs: { status },
		itemIndex,
	});
	return { id, status, sections: answer.result ?? [] };
}
