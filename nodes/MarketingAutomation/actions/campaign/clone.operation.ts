import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { assetForm } from '../../transport/assets';
import { FOLDER_REFUSALS } from '../../transport/refusals';
import { cloneFields, readCloneInput, type CloneInput } from '../../helpers/cloneFields';
import { campaignLocator } from '../fields';
import { shorten } from '../parameters';
import { defineOperation } from '../../../shared/operation';

const properties: INodeProperties[] = [
	{ ...campaignLocator, description: 'The smart campaign to clone' },
	...cloneFields({
		namePlaceholder: 'e.g. Webinar invitation (December)',
		nameDescription: 'The clone’s name (at most 255 characters)',
		folderDescription: 'The program or folder the clone is put in',
	}),
];

/**
 * `POST /rest/asset/v1/smartCampaign/{id}/clone.json`, form-encoded (`name`, `folder` as JSON,
 * `description`). Never repeated after an ambiguous failure: the clone may exist.
 */
async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ sourceId: campaignId, ...fields }: CloneInput,
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
	check(itemIndex) {
		return readCloneInput(this, itemIndex, 'campaign');
	},
	run: execute,
});
