import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { apiRead } from '../transport';
import { ASSET_PAGE } from '../transport/paging';
import { byName } from './fieldLabel';

/**
 * The channels of the program type chosen (`GET /rest/asset/v1/channels.json`): each instance
 * defines its own, each for one program type (`applicableProgramType`).
 */
export async function getProgramChannels(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const type = String(this.getCurrentNodeParameter('type') ?? '');
	const answer = await apiRead.call(this, '/rest/asset/v1/channels.json', {
		qs: { maxReturn: ASSET_PAGE },
	});
	return (answer.result ?? [])
		.filter((channel) => channel.name && (!type || channel.applicableProgramType === type))
		.map((channel) => ({ name: String(channel.name), value: String(channel.name) }))
		.sort(byName);
}

/**
 * The member statuses of the chosen program's channel, in their progression order: the program's
 * channel (`GET /rest/asset/v1/program/{id}.json`), then that channel's `progressionStatuses`
 * (`channels.json`). Nothing until a program is chosen.
 */
export async function getProgramMemberStatuses(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const picked = this.getCurrentNodeParameter('program', { extractValue: true });
	const programId = Number(picked);
	if (!Number.isInteger(programId) || programId <= 0) return [];
	const program = await apiRead.call(this, `/rest/asset/v1/program/${programId}.json`);
	const channel = String(program.result?.[0]?.channel ?? '');
	if (!channel) return [];
	const answer = await apiRead.call(this, '/rest/asset/v1/channels.json', {
		qs: { maxReturn: ASSET_PAGE },
	});
	const found = (answer.result ?? []).find((row) => row.name === channel);
	const statuses = (found?.progressionStatuses ?? []) as Array<{ name?: string; step?: number }>;
	return [...statuses]
		.filter((status) => status.name)
		.sort((a, b) => Number(a.step ?? 0) - Number(b.step ?? 0))
		.map((status) => ({ name: String(status.name), value: String(status.name) }));
}
