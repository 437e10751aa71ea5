import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { leadIdsField, listLocator } from '../fields';
import { parameterOf } from '../../../shared/itemParameters';
import { readId, readIdList } from '../parameters';
import { writeLeadSets, type LeadSet } from '../leadSets';

export const membershipProperties: INodeProperties[] = [listLocator, leadIdsField('add or remove')];

interface Membership extends LeadSet {
	listId: number;
}

/**
 * Add Leads (POST) and Remove Leads (DELETE) on `/rest/v1/lists/{listId}/leads.json` with a JSON
 * body `{"input":[{"id":…}]}`: the leads of all items for one list are deduplicated and sent 300
 * per call; the service answers a status per lead (`added` / `removed` / `skipped` + reasons),
 * which goes back to every item that named that lead. Both calls are safeToRepeat.
 */
export async function changeMembership(
	ctx: IExecuteFunctions,
	itemIndexes: number[],
	method: 'POST' | 'DELETE',
): Promise<BatchOutcome[][]> {
	// Each parameter read once per execution, or per item only where it is an expression.
	const listOf = parameterOf<unknown>(ctx, 'list', '', { extractValue: true });
	const leadIdsOf = parameterOf<unknown>(ctx, 'leadIds', '');
	return await writeLeadSets<Membership>(ctx, itemIndexes, {
		prepare: (i) => {
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
