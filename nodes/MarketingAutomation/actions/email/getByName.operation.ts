import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { apiRead } from '../../transport';
import { shorten } from '../parameters';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';
import { versionField } from './getContent.operation';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. November Newsletter',
		description: 'Exact email name (names cannot contain commas)',
	},
	optionsCollection([
		{
			displayName: 'Error on No Match',
			name: 'errorOnNoMatch',
			type: 'boolean',
			default: false,
			description: 'Whether to fail when no email has this name, instead of returning found: false',
		},
		{
			displayName: 'Folder ID',
			name: 'folderId',
			type: 'number',
			default: 0,
			description: 'Only look in this folder',
		},
		versionField,
	]),
];

function check(this: IExecuteFunctions, itemIndex: number) {
	const name = String(this.getNodeParameter('name', itemIndex, '')).trim();
	if (!name || name.includes(',')) {
		throw new NodeOperationError(
			this.getNode(),
			`The email name in item ${itemIndex} is empty or has a comma`,
			{
				itemIndex,
				description: 'Enter the exact email name; the service does not allow commas in names.',
			},
		);
	}
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const qs: IDataObject = { name };
	if (options.status) qs.status = options.status;
	if (Number(options.folderId) > 0)
		qs.folder = JSON.stringify({ id: Number(options.folderId), type: 'Folder' });
	return { name, qs, errorOnNoMatch: options.errorOnNoMatch === true };
}

/** `GET /rest/asset/v1/email/byName.json`; no match is `{ found: false, name }` unless asked to fail. */
export const operation = defineOperation({
	option: {
		name: 'Get by Name',
		value: 'getByName',
		description: 'Get an email by its exact name',
		action: 'Get an email by name',
	},
	fields: properties,
	check,
	runBatch: concurrentReads(async function (itemIndex, { name, qs, errorOnNoMatch }) {
		const answer = await apiRead.call(this, '/rest/asset/v1/email/byName.json', { qs, itemIndex });
		const email = answer.result?.[0];
		if (email) return email;
		if (errorOnNoMatch) {
			throw new NodeOperationError(this.getNode(), `No email named ${shorten(name)}`, {
				itemIndex,
				description:
					'Check the name (exact match) and the folder; emails inside A/B tests are not found.',
			});
		}
		return { found: false, name };
	}),
});
