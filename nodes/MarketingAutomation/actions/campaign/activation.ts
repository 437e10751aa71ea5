import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { campaignLocator } from '../fields';
import { checkId } from '../parameters';

/**
 * The service's 709 on a campaign switch has several causes, told apart by its message: a batch
 * campaign (runs when scheduled), or a trigger campaign that is not ready (its smart list needs a
 * trigger and its flow a step, without errors): the service's own reason is then shown.
 */
function switchRefusal(id: number, verb: 'activate' | 'deactivate') {
	return (serviceMessage: string): { message: string; fix: string } => {
		if (/batch/i.test(serviceMessage)) {
			return {
				message: `Campaign ${id} cannot be ${verb}d (709): only trigger campaigns can be; a batch campaign runs when scheduled`,
				fix:
					verb === 'activate'
						? 'Run a batch campaign with Campaign → Schedule. A trigger campaign needs at least one trigger and one flow step, without errors, to be activated.'
						: 'Batch campaigns are not switched on or off; to stop a scheduled run, unschedule it in the service.',
			};
		}
		return {
			message: `Campaign ${id} cannot be ${verb}d (709): ${serviceMessage}`,
			fix:
				verb === 'activate'
					? 'A trigger campaign is activated only when its smart list has at least one trigger and its flow at least one step, without errors: complete the campaign in the service (its Smart List and Flow tabs), then run the node again.'
					: 'Check the campaign in the service: it may be switched off already or have changed.',
		};
	};
}

/**
 * The operation that switches a trigger campaign on or off: its fields, check and run, Activate /
 * Deactivate Smart Campaign (`POST /rest/asset/v1/smartCampaign/{id}/activate.json` or
 * `…/deactivate.json`, no body). Only trigger campaigns can be switched; a refusal (709) is
 * explained by its cause (see `switchRefusal`).
 */
export function activationOperation(verb: 'activate' | 'deactivate') {
	return {
		fields: [
			{ ...campaignLocator, hint: 'Only trigger campaigns can be switched on and off' },
		] as INodeProperties[],
		check: checkId('campaign'),
		async run(this: IExecuteFunctions, itemIndex: number, id: number): Promise<IDataObject> {
			await apiRequest.call(this, {
				method: 'POST',
				// Switching a campaign on (or off) twice leaves it as switched once.
				safeToRepeat: true,
				path: `/rest/asset/v1/smartCampaign/${id}/${verb}.json`,
				itemIndex,
				refusals: {
					'709': switchRefusal(id, verb),
					'702': {
						message: `No campaign with ID ${id} (702)`,
						fix: 'Pick the campaign from the list.',
					},
				},
			});
			return { id, active: verb === 'activate' };
		},
	};
}
