import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { assetForm } from '../../transport/assets';
import { FOLDER_REFUSALS } from '../../transport/refusals';
import { folderLocator, readFolder, type FolderRef } from '../../helpers/folders';
import { readAssetName, readOptionalText } from '../../helpers/assetFields';
import { additionalFieldsCollection, campaignLocator } from '../fields';
import { readId, shorten } from '../parameters';
import { defineOperation } from '../../../shared/operation';

const MAX_DESCRIPTION = 2000;

const properties: INodeProperties[] = [
	{ ...campaignLocator, description: 'The smart campaign to clone' },
	{
		displayName: 'New Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Webinar invitation (December)',
		description: 'The clone’s name (at most 255 characters)',
	},
	folderLocator('folder', 'The program or folder the clone is put in'),
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

interface Clone {
	campaignId: number;
	name: string;
	folder: FolderRef;
	description?: string;
}

function check(this: IExecuteFunctions, itemIndex: number): Clone {
	return {
		campaignId: readId(this, 'campaign', itemIndex, 'campaign'),
		name: readAssetName(this, 'name', itemIndex, 'campaign'),
		folder: readFolder(this, 'folder', itemIndex),
		description: readOptionalText(
			this,
			'additionalFields.description',
			itemIndex,
			'The description',
			MAX_DESCRIPTION,
		),
	};
}

/**
 * `POST /rest/asset/v1/smartCampaign/{id}/clone.json`, form-encoded (`name`, `folder` as JSON,
 * `description`). Never repeated after an ambiguous failure: the clone may exist.
 */
async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ campaignId, ...fields }: Clone,
): Promise<IDataObject> {
	const answer = await apiRequest.call(this, {
		path: `/rest/asset/v1/smartCampaign/${campaignId}/clone.json`,
		...assetForm({ ...fields }),
		safeToRepeat: false,
		itemIndex,
		refusals: {
			...FOLDER_REFUSALS,
			'709': {
				message: (reason) => `Campaign ${campaignId} was not cloned (709): ${reason}`,
				fix: 'Change what the message names (the name, or a folder of the campaign’s workspace), then run the node again.',
			},
		},
		ambiguity: {
			message: `Cloning campaign ${campaignId} as ${shorten(fields.name)} may have run; it was not sent again`,
			fix: `Look the campaign up with Campaign → Get by Name (${shorten(fields.name)}): if it is there, the clone was made; if not, run the node again.`,
		},
	});
	return answer.result?.[0] ?? {};
}

export const operation = defineOperation({
	option: {
		name: 'Clone',
		value: 'clone',
		description: 'Clone a smart campaign under a new name into a program or folder',
		action: 'Clone a campaign',
	},
	since: 2,
	fields: properties,
	check,
	async run(itemIndex, clone) {
		return await execute.call(this, itemIndex, clone);
	},
});
