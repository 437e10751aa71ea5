import type { INodeProperties } from 'n8n-workflow';

import { leadIdsField, programLocator } from '../fields';
import { readId, readIdList } from '../parameters';
import { writeLeadSets, type LeadSet } from '../leadSets';
import { membersPath, readStatusName } from './fields';
import { defineOperation } from '../../../shared/operation';

const properties: INodeProperties[] = [
	programLocator,
	{
		displayName: 'Status Name or ID',
		name: 'statusName',
		type: 'options',
		typeOptions: {
			loadOptionsMethod: 'getProgramMemberStatuses',
			loadOptionsDependsOn: ['program.value'],
		},
		default: '',
		required: true,
		description:
			'A status of the program\'s channel, in its progression order. A lead that is not a member yet becomes one; a lead already in or past the status is skipped (1037). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	leadIdsField('set'),
];

interface StatusChange extends LeadSet {
	programId: number;
	statusName: string;
}

/**
 * Sync Program Member Status (`POST /rest/v1/programs/{id}/members/status.json` with `statusName`
 * and up to 300 `{leadId}`): the leads of all items with the same program and status go 300 per
 * call; each item gets its leads' statuses (`created`, `updated`, or `skipped` with 1037 for a
 * lead already in or past the status).
 */
const setStatus = writeLeadSets<StatusChange>({
	check: (ctx, i) => {
		const programId = readId(ctx, 'program', i, 'program');
		const statusName = readStatusName(ctx, 'statusName', i);
		const leadIds = readIdList(ctx, 'leadIds', i, 'Lead IDs');
		return { group: JSON.stringify([programId, statusName]), programId, statusName, leadIds };
	},
	call: ({ programId, statusName }, ids) => ({
		method: 'POST',
		path: `${membersPath(programId)}/status.json`,
		body: { statusName, input: ids.map((leadId) => ({ leadId })) },
		safeToRepeat: true,
	}),
	leadOf: (result) => (result.leadId === undefined ? undefined : Number(result.leadId)),
	output: ({ programId, statusName }, leads) => ({ programId, statusName, leads }),
});

export const operation = defineOperation({
	option: {
		name: 'Set Status',
		value: 'setStatus',
		description:
			'Set the program status of leads (they become members if needed), 300 per call; a lead already in or past the status is skipped (1037)',
		action: 'Set the program status of leads',
	},
	fields: properties,
	...setStatus,
});
