import { apiRead } from '../../transport';
import { assetNotFound, readAssetName } from '../../helpers/assetFields';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

/**
 * `GET /rest/asset/v1/smartCampaign/byName.json?name=` (exact name): the smart campaign's asset
 * record; none of that name is an error that says so.
 */
export const operation = defineOperation({
	option: {
		name: 'Get by Name',
		value: 'getByName',
		description: 'Get a smart campaign by its exact name',
		action: 'Get a campaign by name',
	},
	since: 2,
	fields: [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. Webinar invitation',
			description: 'The campaign’s exact name',
		},
	],
	check(itemIndex) {
		return readAssetName(this, 'name', itemIndex, 'campaign');
	},
	runBatch: concurrentReads(async function (itemIndex, name: string) {
		const answer = await apiRead.call(this, '/rest/asset/v1/smartCampaign/byName.json', {
			qs: { name },
			itemIndex,
		});
		const campaign = answer.result?.[0];
		if (campaign) return campaign;
		throw assetNotFound(
			this,
			'campaign',
			{ name },
			itemIndex,
			'Look for it with Campaign → Get Many (filter by name or program).',
		);
	}),
});
