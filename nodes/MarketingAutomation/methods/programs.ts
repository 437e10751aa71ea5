import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { apiRequest } from '../transport';
import { ASSET_PAGE } from '../transport/paging';

/**
 * The channels of the program type chosen (`GET /rest/asset/v1/channels.json`): each instance
 * defines its own, each for one program type (`applicableProgramType`).
 */
export async function getProgramChannels(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const type = String(this.getCurrentNodeParameter('type') ?? '');
	const answer = await apiRequest.call(this, {
		method: 'GET',
		path: '/rest/asset/v1/channels.json',
		safeToRepeat: true,
		qs: { maxReturn: ASSET_PAGE },
	});
	return (answer.result ?? [])
		.filter((channel) => channel.name && (!type || channel.applicableProgramType === type))
		.map((channel) => ({ name: String(channel.name), value: String(channel.name) }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
