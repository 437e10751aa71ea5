import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { assetForm } from '../../transport/assets';
import { FOLDER_REFUSALS } from '../../transport/refusals';
import { shorten } from '../parameters';
import { defineOperation } from '../../../shared/operation';
import {
	bareTokenName,
	ownerFields,
	ownerName,
	readOwner,
	TOKEN_TYPES,
	tokenTypeOptions,
} from './owner';

const properties: INodeProperties[] = [
	...ownerFields,
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Webinar Date',
		description: 'The token’s name, with or without the surrounding "{{my." and "}}"',
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		default: 'text',
		options: tokenTypeOptions,
		description: 'The token’s type (a name and a type make one token)',
	},
];

function check(this: IExecuteFunctions, itemIndex: number) {
	const owner = readOwner(this, itemIndex);
	const raw = String(this.getNodeParameter('name', itemIndex, '') ?? '').trim();
	const name = bareTokenName(raw);
	const type = String(this.getNodeParameter('type', itemIndex, '') ?? '');
	if (!name || !TOKEN_TYPES.includes(type)) {
		throw new NodeOperationError(
			this.getNode(),
			name
				? `The token type ${shorten(type)} of item ${itemIndex} is not one the service has`
				: `The token name of item ${itemIndex} is empty`,
			{ itemIndex, description: `Give the token’s name and its type (${TOKEN_TYPES.join(', ')}).` },
		);
	}
	return { owner, name, type };
}

/**
 * Form-encoded `POST /rest/asset/v1/folder/{id}/tokens/delete.json` (`name`, `type`,
 * `folderType`). A removal is safe to repeat; a token that is not there is a 702 that says how to
 * list the tokens.
 */
export const operation = defineOperation({
	option: {
		name: 'Delete',
		value: 'delete',
		description: 'Delete a My Token of a program or a folder',
		action: 'Delete a token',
	},
	fields: properties,
	check,
	async run(itemIndex, { owner, name, type }) {
		await apiRequest.call(this, {
			path: `/rest/asset/v1/folder/${owner.id}/tokens/delete.json`,
			...assetForm({ name, type, folderType: owner.type }),
			safeToRepeat: true,
			itemIndex,
			refusals: {
				...FOLDER_REFUSALS,
				'702': {
					message: `No ${type} token ${shorten(name)} on ${ownerName(owner)} (702)`,
					fix: 'Token → Get Many lists the tokens with their names and types; a token inherited from a folder is deleted on that folder.',
				},
			},
		});
		return { folderId: owner.id, folderType: owner.type, name, type, deleted: true };
	},
});
