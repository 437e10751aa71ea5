import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { readId } from '../common';

/**
 * Activate / Deactivate Smart Campaign (`POST /rest/asset/v1/smartCampaign/{id}/activate.json` or
 * `…/deactivate.json`, no body). Only trigger campaigns can be switched; a batch campaign is
 * refused (709) with the hint to schedule it instead.
 */
export async function switchCampaign(
	ctx: IExecuteFunctions,
	itemIndex: number,
	verb: 'activate' | 'deactivate',
): Promise<IDataObject> {
	const id = readId(ctx, 'campaign', itemIndex, 'campaign');
	await apiRequest.call(ctx, {
		method: 'POST',
		path: `/rest/asset/v1/smartCampaign/${id}/${verb}.json`,
		itemIndex,
		refusals: {
			'709': {
				message: `Campaign ${id} cannot be ${verb}d (709): only trigger campaigns can be; a batch campaign runs when scheduled`,
				fix:
					verb === 'activate'
						? 'Run a batch campaign with Campaign → Schedule. A trigger campaign needs at least one trigger and one flow step, without errors, to be activated.'
						: 'Batch campaigns are not switched on or off; to stop a scheduled run, unschedule it in the service.',
			},
			'702': {
				message: `No campaign with ID ${id} (702)`,
				fix: 'Pick the campaign from the list.',
			},
		},
	});
	return { id, active: verb === 'activate' };
}
