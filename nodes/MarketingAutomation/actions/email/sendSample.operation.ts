import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { itemParameter } from '../../../shared/itemParameters';
import { defineOperation } from '../../../shared/operation';
import { fieldPlace } from '../../../shared/tool';
import { isValidEmail } from '../../../shared/validation';
import { emailLocator } from '../fields';
import { readId, shorten } from '../parameters';
import { postToEmail } from './emailCall';

const properties: INodeProperties[] = [
	emailLocator,
	{
		displayName: 'Send To',
		name: 'emailAddress',
		type: 'string',
		placeholder: 'e.g. qa@example.com',
		default: '',
		required: true,
		description: 'The address the sample goes to',
	},
	optionsCollection([
		{
			displayName: 'Lead ID',
			name: 'leadId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 1001',
			description: 'Fill the tokens of the sample with this lead’s values',
		},
		{
			displayName: 'Text Only',
			name: 'textOnly',
			type: 'boolean',
			default: false,
			description: 'Whether to send only the text version of the email',
		},
	]),
];

interface Sample {
	id: number;
	body: { emailAddress: string; leadId?: string; textOnly?: string };
}

function check(this: IExecuteFunctions, itemIndex: number): Sample {
	const id = readId(this, 'email', itemIndex, 'email');
	const emailAddress = String(itemParameter(this, 'emailAddress', itemIndex, '') ?? '').trim();
	if (!isValidEmail(emailAddress)) {
		throw new NodeOperationError(
			this.getNode(),
			`The address ${shorten(emailAddress)} in ${fieldPlace(this.getNode(), itemIndex, 'emailAddress', 'Send To')} is not an e-mail address`,
			{ itemIndex, description: 'Enter the address the sample goes to, e.g. qa@example.com.' },
		);
	}
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const body: Sample['body'] = { emailAddress };
	const leadId = String(options.leadId ?? '').trim();
	if (leadId) body.leadId = String(readId(this, 'options.leadId', itemIndex, 'lead', leadId));
	if (options.textOnly !== undefined) body.textOnly = String(options.textOnly === true);
	return { id, body };
}

/**
 * `POST /rest/asset/v1/email/{id}/sendSample.json`, form-encoded: `emailAddress`, `leadId?`,
 * `textOnly?`. Sent once: after an unclear answer the sample may have gone out, and a second call
 * would send a second e-mail.
 */
export const operation = defineOperation({
	option: {
		name: 'Send Sample',
		value: 'sendSample',
		description: 'Send a sample of an email to one address',
		action: 'Send a sample of an email',
	},
	fields: properties,
	check,
	async run(itemIndex, { id, body }) {
		await postToEmail(this, itemIndex, id, {
			action: 'sendSample.json',
			done: 'sent as a sample',
			fixFor709:
				'The service’s reason above says what blocks the sample. An email needs its subject, from name, from address and reply-to address set (Email → Get by Name shows them); emails with Predictive Content are refused.',
			body,
			safeToRepeat: false,
			ambiguity: {
				message: `The sample of email ${id} to ${body.emailAddress} got no clear answer, so it may have been sent; it was not sent again`,
				fix: `Sending again could deliver a second sample. Check the inbox of ${body.emailAddress} before running the node again.`,
			},
		});
		return {
			id,
			sent: true,
			emailAddress: body.emailAddress,
			...(body.leadId ? { leadId: Number(body.leadId) } : {}),
			...(body.textOnly ? { textOnly: body.textOnly === 'true' } : {}),
		};
	},
});
