import { leadIdsField } from '../fields';
import { readIdList } from '../parameters';
import { writeLeadSets, type LeadSet } from '../leadSets';
import { defineOperation } from '../../../shared/operation';

/**
 * Delete Leads (`POST /rest/v1/leads/delete.json` with `{"input":[{"id":…}]}`): the leads of all
 * items go 300 per call; each item gets its leads' statuses (`deleted`, or `skipped` with the
 * reasons, e.g. 1004 for a lead that does not exist).
 */
const deleteLeads = writeLeadSets<LeadSet>({
	check: (ctx, i) => ({ group: 'leads', leadIds: readIdList(ctx, 'leadIds', i, 'Lead IDs') }),
	call: (_first, ids) => ({
		method: 'POST',
		path: '/rest/v1/leads/delete.json',
		body: { input: ids.map((id) => ({ id })) },
		safeToRepeat: true,
	}),
	leadOf: (result) => (result.id === undefined ? undefined : Number(result.id)),
	output: (_value, leads) => ({ leads }),
});

export const operation = defineOperation({
	option: {
		name: 'Delete',
		value: 'delete',
		description: 'Delete leads by ID, 300 per call; each item gets its leads’ statuses',
		action: 'Delete leads',
	},
	since: 2,
	fields: [leadIdsField('delete')],
	...deleteLeads,
});
