import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { shorten } from '../parameters';
import { itemParameter } from '../../../shared/itemParameters';

/** The path of a program's members: `/rest/v1/programs/{programId}/members`. */
export const membersPath = (programId: number) => `/rest/v1/programs/${programId}/members`;

/** The members' describe (the plural path of the service's docs). */
export const MEMBERS_DESCRIBE = '/rest/v1/programs/members/describe.json';

export const memberFieldsOption: INodeProperties = {
	displayName: 'Field Names or IDs',
	name: 'fields',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getProgramMemberFields' },
	default: [],
	description:
		'Member fields to return (without any: acquiredBy, leadId, membershipDate, programId, reachedSuccess). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** A program status name as the channel defines it, e.g. "Registered" or "Attended". */
export function readStatusName(ctx: IExecuteFunctions, name: string, itemIndex: number): string {
	const status = String(itemParameter<unknown>(ctx, name, itemIndex, '') ?? '').trim();
	if (!status || status.length > 255) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The status ${shorten(status)} of item ${itemIndex} is not a program status name`,
			{
				itemIndex,
				description:
					"Give a status of the program's channel, e.g. Registered, Attended or Member, as the service shows it.",
			},
		);
	}
	return status;
}
