import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { itemParameter } from '../../shared/itemParameters';
import { listThenIdModes } from '../../shared/descriptions';
import { shorten } from '../actions/parameters';

/** A folder as the asset API takes it in `folder` and `root`: a marketing folder or a program. */
export interface FolderRef {
	id: number;
	type: 'Folder' | 'Program';
}

/**
 * A folder picker: From list shows each folder's name with its type and ID, only folders that can
 * hold what is written (`holds`: a program goes in marketing folders only, anything else in a
 * marketing folder or a program); By ID takes `15` or `Folder:15` (a folder) or `Program:3002`.
 */
export function folderLocator(
	name: string,
	description: string,
	displayName = 'Folder',
	holds: 'program' | 'asset' = 'asset',
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		...listThenIdModes(holds === 'program' ? 'searchProgramFolders' : 'searchFolders', {
			placeholder: holds === 'program' ? 'e.g. 15' : 'e.g. 15 (a folder) or Program:3002',
			regex: '^\\s*((Folder|Program):)?\\d+\\s*$',
			errorMessage: 'Not a valid folder ID (e.g. 15, Folder:15 or Program:3002)',
		}),
	};
}

/** The folder a picker names, checked: `15` or `Folder:15`, `Program:3002`. */
export function readFolder(ctx: IExecuteFunctions, name: string, itemIndex: number): FolderRef {
	const raw = String(
		itemParameter<unknown>(ctx, name, itemIndex, '', { extractValue: true }) ?? '',
	);
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
