import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { assetForm } from '../../transport/assets';
import { folderLocator, readFolder } from '../../helpers/folders';
import { additionalFieldsCollection } from '../fields';
import { shorten } from '../parameters';
import { defineOperation } from '../../../shared/operation';

const properties: INodeProperties[] = [
	folderLocator('folder', 'The folder or program the list is created in'),
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

function check(this: IExecuteFunctions, itemIndex: number) {
	return { folder: readFolder(this, 'folder', itemIndex), name: readName(this, itemIndex) };
}

/**
 * Create Static List (`POST /rest/asset/v1/staticLists.json`, form-encoded: `folder` as a JSON
 * string, `name`, optional `description`). Not repeated after an ambiguous failure (it would
 * create the list twice or fail on the name).
 */
async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ folder, name }: ReturnType<typeof check>,
): Promise<IDataObject> {
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const answer = await apiRequest.call(this, {
		path: '/rest/asset/v1/staticLists.json',
		...assetForm({
			folder,
			name,
			description: additional.description ? String(additional.description) : undefined,
		}),
		safeToRepeat: false,
		itemIndex,
		refusals: {
			'709': {
				message: `A list named ${shorten(name)} cannot be created there (709)`,
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
	run: execute,
});
