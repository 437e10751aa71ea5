import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { additionalFieldsCollection } from '../fields';
import { shorten } from '../parameters';
import { defineOperation } from '../../../shared/operation';

const properties: INodeProperties[] = [
	{
		displayName: 'Folder',
		name: 'folder',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The folder or program the list is created in',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchFolders', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 15 (a folder) or Program:3002',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*((Folder|Program):)?\\d+\\s*$',
							errorMessage: 'Not a valid folder ID (e.g. 15, Folder:15 or Program:3002)',
						},
					},
				],
			},
		],
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Webinar follow-up',
		description: 'The name of the new static list (unique in its folder)',
	},
	additionalFieldsCollection([
		{ displayName: 'Description', name: 'description', type: 'string', default: '' },
	]),
];

/** A folder value: `15` or `Folder:15` (a folder), `Program:3002` (a program). */
function readFolder(ctx: IExecuteFunctions, itemIndex: number): { id: number; type: string } {
	const raw = String(ctx.getNodeParameter('folder', itemIndex, '', { extractValue: true }) ?? '');
	const match = /^\s*(?:(Folder|Program):)?(\d+)\s*$/i.exec(raw);
	if (!match || Number(match[2]) <= 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The folder ${shorten(raw)} of item ${itemIndex} is not a folder ID`,
			{
				itemIndex,
				description: 'Pick the folder from the list, or enter e.g. 15 or Program:3002.',
			},
		);
	}
	const type = (match[1] ?? 'Folder').toLowerCase() === 'program' ? 'Program' : 'Folder';
	return { id: Number(match[2]), type };
}

function readName(ctx: IExecuteFunctions, itemIndex: number): string {
	const name = String(ctx.getNodeParameter('name', itemIndex, '') ?? '').trim();
	if (!name || name.length > 255) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The list name ${shorten(name)} of item ${itemIndex} is ${name ? 'longer than 255 characters' : 'empty'}`,
			{ itemIndex, description: 'Give the list a name of 1 to 255 characters.' },
		);
	}
	return name;
}

function check(this: IExecuteFunctions, itemIndex: number): void {
	readFolder(this, itemIndex);
	readName(this, itemIndex);
}

/**
 * Create Static List (`POST /rest/asset/v1/staticLists.json`, form-encoded: `folder` as a JSON
 * string, `name`, optional `description`). Not repeated after an ambiguous failure (it would
 * create the list twice or fail on the name).
 */
async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {
		folder: JSON.stringify(readFolder(this, itemIndex)),
		name: readName(this, itemIndex),
	};
	if (additional.description) body.description = String(additional.description);
	const answer = await apiRequest.call(this, {
		method: 'POST',
		path: '/rest/asset/v1/staticLists.json',
		body,
		form: true,
		safeToRepeat: false,
		itemIndex,
		refusals: {
			'709': {
				message: `A list named ${shorten(body.name)} cannot be created there (709)`,
				fix: 'Use a name that no list in the folder has yet, or pick another folder.',
			},
			'710': {
				message: 'The folder of the new list was not found (710)',
				fix: 'Pick the folder from the list.',
			},
		},
	});
	return answer.result?.[0] ?? {};
}

export const operation = defineOperation({
	option: {
		name: 'Create',
		value: 'create',
		description: 'Create a static list in a folder or program',
		action: 'Create a list',
	},
	since: 2,
	fields: properties,
	check,
	async run(itemIndex) {
		return await execute.call(this, itemIndex);
	},
});
