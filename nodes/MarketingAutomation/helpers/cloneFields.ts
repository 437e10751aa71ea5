import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { additionalFieldsCollection } from '../actions/fields';
import { readId } from '../actions/parameters';
import { readAssetName, readOptionalText } from './assetFields';
import { folderLocator, readFolder, type FolderRef } from './folders';

/** What Program → Clone and Campaign → Clone ask for and check alike: name, folder, description. */

const MAX_DESCRIPTION = 2000;

/** A clone of `what`: the new name, where it goes and its description (sent form-encoded). */
export interface CloneInput {
	sourceId: number;
	name: string;
	folder: FolderRef;
	description?: string;
}

/** The fields after the source picker: New Name, the folder picker, Description. */
export function cloneFields(options: {
	namePlaceholder: string;
	nameDescription: string;
	folderDescription: string;
}): INodeProperties[] {
	return [
		{
			displayName: 'New Name',
			name: 'name',
			type: 'string',
			default: '',
			required: true,
			placeholder: options.namePlaceholder,
			description: options.nameDescription,
		},
		folderLocator('folder', options.folderDescription),
		additionalFieldsCollection([
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				typeOptions: { rows: 2 },
				description: 'At most 2,000 characters',
			},
		]),
	];
}

/** The clone of the item, checked before any call; `source` is the picker of what is cloned. */
export function readCloneInput(
	ctx: IExecuteFunctions,
	itemIndex: number,
	source: 'program' | 'campaign',
): CloneInput {
	return {
		sourceId: readId(ctx, source, itemIndex, source),
		name: readAssetName(ctx, 'name', itemIndex, source),
		folder: readFolder(ctx, 'folder', itemIndex),
		description: readOptionalText(
			ctx,
			'additionalFields.description',
			itemIndex,
			'The description',
			MAX_DESCRIPTION,
		),
	};
}
