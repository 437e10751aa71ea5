import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { folderLocator, readFolder, type FolderRef } from '../../helpers/folders';
import { programLocator } from '../fields';
import { readId } from '../parameters';

/** Where My Tokens live: a program, or a marketing folder whose programs inherit them. */

/** The service's token types. */
export const TOKEN_TYPES = ['date', 'number', 'rich text', 'score', 'sfdc campaign', 'text'];

export const tokenTypeOptions = TOKEN_TYPES.map((type) => ({
	name: type.replace(/(^| )\w/g, (first) => first.toUpperCase()).replace('Sfdc', 'SFDC'),
	value: type,
}));

/** The owner fields: Program (a program picker) or Folder (a folder picker). */
export const ownerFields: INodeProperties[] = [
	{
		displayName: 'Tokens Of',
		name: 'owner',
		type: 'options',
		default: 'program',
		options: [
			{ name: 'Program', value: 'program', description: 'The My Tokens of one program' },
			{
				name: 'Folder',
				value: 'folder',
				description: 'The My Tokens of a folder, which its programs inherit',
			},
		],
	},
	{ ...programLocator, displayOptions: { show: { owner: ['program'] } } },
	{
		...folderLocator('folder', 'The folder whose tokens its programs inherit'),
		displayOptions: { show: { owner: ['folder'] } },
	},
];

/** The program or folder of the item, as `folder/{id}/tokens.json` takes it with `folderType`. */
export function readOwner(ctx: IExecuteFunctions, itemIndex: number): FolderRef {
	if (ctx.getNodeParameter('owner', itemIndex, 'program') === 'program') {
		return { id: readId(ctx, 'program', itemIndex, 'program'), type: 'Program' };
	}
	return readFolder(ctx, 'folder', itemIndex);
}

/** A token's name as the service keeps it: without "{{my." and "}}". */
export const bareTokenName = (raw: string) =>
	raw
		.trim()
		.replace(/^\{\{\s*my\.(.*?)\s*\}\}$/i, '$1')
		.trim();

/** Control characters and line breaks, which no token name holds (a reference is one line). */
export const hasControlCharacters = (text: string) =>
	[...text].some((character) => character.charCodeAt(0) < 32 || character.charCodeAt(0) === 127);

/** The owner in messages: "program 3003" or "folder 15". */
export const ownerName = (owner: FolderRef) => `${owner.type.toLowerCase()} ${owner.id}`;
