import type { IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { leadIdsField } from '../fields';
import { readIdList } from '../parameters';
import { writeLeadSets, type LeadSet } from '../leadSets';
import type { MarketingAutomationMap } from '../node.type';

export const operation = 'delete' satisfies MarketingAutomationMap['lead'];

export const description = updateDisplayOptions(
	{ show: { resource: ['lead'], operation: [operation] } },
	[leadIdsField('delete')],
);

/**
 * Delete Leads (`POST /rest/v1/leads/delete.json` with `{"input":[{"id":…}]}`): the leads of all
 * items go 300 per call; each item gets its leads' statuses (`deleted`, or `skipped` with the
 * reasons, e.g. 1004 for a lead that does not exist).
 */
export async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	return await writeLeadSets<LeadSet>(this, itemIndexes, {
		prepare: (i) => ({ group: 'leads', leadIds: readIdList(this, 'leadIds', i, 'Lead IDs') }),
		call: (_first, ids) => ({
			method: 'POST',
			path: '/rest/v1/leads/delete.json',
			body: { input: ids.map((id) => ({ id })) },
			safeToRepeat: true,
		}),
		leadOf: (result) => (result.id === undefined ? undefined : Number(result.id)),
		output: (_value, leads) => ({ leads }),
	});
}
