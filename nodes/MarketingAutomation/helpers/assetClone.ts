import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../transport';
import { assetForm } from '../transport/assets';
import { FOLDER_REFUSALS } from '../transport/refusals';
import type { Refusal } from '../transport/types';
import { additionalFieldsCollection } from '../actions/fields';
import { readId, shorten } from '../actions/parameters';
import { readAssetName, readDescription } from './assetFields';
import { folderLocator, readFolder, type FolderRef } from './folders';

/** Program → Clone and Campaign → Clone: the same fields, checks and call, on another asset. */

/**
 * A clone: what is cloned, the new name, where it goes and its description. A type, not an
 * interface: the clone operations' declarations spell it out, as it is not exported.
 */
type CloneInput = {
	sourceId: number;
	name: string;
	folder: FolderRef;
	description?: string;
};

interface CloneOf {
	/** What is cloned, as messages name it; also the name of its picker parameter. */
	source: 'program' | 'campaign';
	locator: INodeProperties;
	/** The asset API's path of what is cloned: `program`, `smartCampaign`. */
	path: string;
	namePlaceholder: string;
	nameDescription: string;
	folderDescription: string;
	/** How to get past the service's refusal (709) of this clone. */
	fixFor709: string;
	/** How to tell whether a clone without a clear answer was made, from its quoted new name. */
	lookUp: (name: string) => string;
	/** Refusals of this asset's clone besides the folder codes and 709. */
	refusals?: (sourceId: number, lookUp: string) => Record<string, Refusal>;
}

/**
 * A clone operation's fields, check and run: `POST /rest/asset/v1/{path}/{id}/clone.json`,
 * form-encoded (`name`, `folder` as JSON, `description`). Never repeated after an ambiguous
 * failure: the clone may exist, and what to check is the asset of the new name.
 */
export function cloneOperation(clone: CloneOf) {
	const what = clone.source === 'program' ? 'Program' : 'Campaign';
	return {
		fields: [
			clone.locator,
			{
				displayName: 'New Name',
				name: 'name',
				type: 'string',
				default: '',
				required: true,
				placeholder: clone.namePlaceholder,
				description: clone.nameDescription,
			},
			folderLocator(
				'folder',
				clone.folderDescription,
				'Folder',
				clone.source === 'program' ? 'program' : 'asset',
			),
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
		] as INodeProperties[],
		check(this: IExecuteFunctions, itemIndex: number): CloneInput {
			return {
				sourceId: readId(this, clone.source, itemIndex, clone.source),
				name: readAssetName(this, 'name', itemIndex, clone.source),
				folder: readFolder(this, 'folder', itemIndex),
				description: readDescription(this, itemIndex),
			};
		},
		async run(
			this: IExecuteFunctions,
			itemIndex: number,
			{ sourceId, ...fields }: CloneInput,
		): Promise<IDataObject> {
			const lookUp = clone.lookUp(shorten(fields.name));
			const answer = await apiRequest.call(this, {
				path: `/rest/asset/v1/${clone.path}/${sourceId}/clone.json`,
				...assetForm({ ...fields }),
				safeToRepeat: false,
				itemIndex,
				refusals: {
					...FOLDER_REFUSALS,
					'709': {
						message: (reason) => `${what} ${sourceId} was not cloned (709): ${reason}`,
						fix: clone.fixFor709,
					},
					...clone.refusals?.(sourceId, lookUp),
				},
				ambiguity: {
					message: `Cloning ${clone.source} ${sourceId} as ${shorten(fields.name)} may have run; it was not sent again`,
					fix: lookUp,
				},
			});
			return answer.result?.[0] ?? {};
		},
	};
}
