import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { leadIdsField, listLocator } from '../fields';
import { parameterOf } from '../../../shared/itemParameters';
import { readId, readIdList } from '../parameters';
import { perExecution } from '../../../shared/perExecution';
import { writeLeadSets, type LeadSet } from '../leadSets';

export const membershipProperties: INodeProperties[] = [listLocator, leadIdsField('add or remove')];

export interface Membership extends LeadSet {
	listId: number;
}

const readersOf = perExecution((ctx: IExecuteFunctions) => ({
	listOf: parameterOf<unknown>(ctx, 'list', '', { extractValue: true }),
	leadIdsOf: parameterOf<unknown>(ctx, 'leadIds', ''),
}));

/**
 * Add Leads (POST) and Remove Leads (DELETE) on `/rest/v1/lists/{listId}/leads.json` with a JSON
 * body `{"input":[{"id":…}]}`: the leads of all items for one list are deduplicated and sent 300
 * per call; the service answers a status per lead (`added` / `removed` / `skipped` + reasons),
 * which goes back to every item that named that lead. Both calls are safeToRepeat.
 */
export function changeMembership(method: 'POST' | 'DELETE') {
	return writeLeadSets<Membership>({
		check: (ctx, i) => {
			const { listOf, leadIdsOf } = readersOf(ctx);
			const listId = readId(ctx, 'list', i, 'list', listOf(i));
			return {
				group: String(listId),
				listId,
				leadIds: readIdList(ctx, 'leadIds', i, 'Lead IDs', leadIdsOf(i)),
			};
		},
		call: ({ listId }, ids) => ({
			method,
			path: `/rest/v1/lists/${listId}/leads.json`,
			body: { input: ids.map((id) => ({ id })) },
			safeToRepeat: true,
		}),
		leadOf: (result) => Number(result.id),
		output: ({ listId }, leads) => ({ listId, leads }),
	});
}
