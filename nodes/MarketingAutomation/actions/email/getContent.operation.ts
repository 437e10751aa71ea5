import type { INodeProperties } from 'n8n-workflow';

import { apiRead } from '../../transport';
import { emailLocator } from '../fields';
import { checkId } from '../parameters';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

/** Which version of an email to read (also an option of Get by Name). */
export const versionField: INodeProperties = {
	displayName: 'Version',
	name: 'status',
	type: 'options',
	default: 'approved',
	options: [
		{ name: 'Approved', value: 'approved' },
		{ name: 'Draft', value: 'draft' },
	],
};

const properties: INodeProperties[] = [
	emailLocator,
	{ ...versionField, description: 'Which version of the email to read' },
];

/** `GET /rest/asset/v1/email/{id}/content.json`: the editable sections, as one item. */
export const operation = defineOperation({
	option: {
		name: 'Get Content',
		value: 'getContent',
		description: 'Get the editable sections of an email',
		action: 'Get email content',
	},
	fields: properties,
	check: checkId('email'),
	runBatch: concurrentReads(async function (itemIndex, id) {
		const status = this.getNodeParameter('status', itemIndex, 'approved') as string;
		const answer = await apiRead.call(this, `/rest/asset/v1/email/${id}/content.json`, {
			qs: { status },
			itemIndex,
		});
		return { id, status, sections: answer.result ?? [] };
	}),
});
