import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { campaignLocator } from '../fields';
import { readId } from '../parameters';

/**
 * Activate / Deactivate Smart Campaign (`POST /rest/asset/v1/smartCampaign/{id}/activate.json` or
 * `…/deactivate.json`, no body). Only trigger campaigns can be switched; a batch campaign is
 * refused (709) with the hint to schedule it instead.
 */
async function switchCampaign(
	ctx: IExecuteFunctions,
	itemIndex: number,
	verb: 'activate' | 'deactivate',
): Promise<IDataObject> {
	const id = readId(ctx, 'campaign', itemIndex, 'campaign');
	await apiRequest.call(ctx, {
		method: 'POST',
		// Switching a campaign on (or off) twice leaves it as switched once.
		safeToRepeat: true,
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

/** The operation that switches a trigger campaign on or off: its fields, checks and run. */
export function activationOperation(verb: 'activate' | 'deactivate') {
	return {
		fields: [
			{ ...campaignLocator, hint: 'Only trigger campaigns can be switched on and off' },
		] as INodeProperties[],
		check(this: IExecuteFunctions, itemIndex: number): void {
			readId(this, 'campaign', itemIndex, 'campaign');
		},
		async run(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
			return await switchCampaign(this, itemIndex, verb);
		},
	};
}
