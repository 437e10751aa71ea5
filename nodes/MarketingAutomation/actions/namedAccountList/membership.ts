import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { writeLeadSets, type LeadSet } from '../leadSets';
import { listIdField, readGuid, readGuidList } from './fields';

export const membershipProperties = (what: string): INodeProperties[] => [
	listIdField,
	{
		displayName: 'Named Account IDs',
		name: 'namedAccountIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. {{ $json.marketoGUID }}',
		description: `The marketoGUIDs of the named accounts to ${what}, comma-separated. The accounts of all input items are combined, 300 per call.`,
	},
];

export interface Membership extends LeadSet<string> {
	listId: string;
}

/**
 * Add (`POST …/namedAccountList/{id}/namedAccounts.json`) and Remove (`…/namedAccounts/remove.json`)
 * with `{"input":[{"marketoGUID":…}]}`: the accounts of all items for one list are deduplicated
 * and sent 300 per call; each account's status (`added` / `removed` / `skipped` with reasons) goes
 * back to every item that named it. Both are safe to repeat.
 */
export function changeMembership(remove: boolean) {
	return writeLeadSets<Membership, string>({
		check: (ctx: IExecuteFunctions, i: number) => {
			const listId = readGuid(ctx, 'namedAccountListId', i, 'named account list ID');
			return {
				group: listId,
				listId,
				leadIds: readGuidList(ctx, 'namedAccountIds', i, 'Named Account IDs'),
			};
		},
		call: ({ listId }, ids) => ({
			method: 'POST',
			path: `/rest/v1/namedAccountList/${encodeURIComponent(listId)}/namedAccounts${remove ? '/remove' : ''}.json`,
			body: { input: ids.map((marketoGUID) => ({ marketoGUID })) },
			safeToRepeat: true,
		}),
		leadOf: (result) => (typeof result.marketoGUID === 'string' ? result.marketoGUID : undefined),
		output: ({ listId }, accounts) => ({
			namedAccountListId: listId,
			namedAccounts: accounts.map(({ id, ...rest }) => ({ marketoGUID: id, ...rest })),
		}),
	});
}
