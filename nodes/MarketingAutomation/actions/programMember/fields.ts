import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { inputError } from '../../../shared/inputError';

import { describeObject } from '../leadDatabase/objects';
import { fromVersionTwoOne } from '../versions';
import { columnMapper } from '../fields';
import { shorten } from '../parameters';
import { itemParameter } from '../../../shared/itemParameters';

/** The path of a program's members: `/rest/v1/programs/{programId}/members`. */
export const membersPath = (programId: number) => `/rest/v1/programs/${programId}/members`;

/** The members' describe (the plural path of the service's docs). */
export const MEMBERS_DESCRIBE = '/rest/v1/programs/members/describe.json';

/** The members' path for `describeObject` (which adds `/describe.json`). */
export const MEMBERS_OBJECT = '/rest/v1/programs/members';

/** The member fields a write may send: updateable ones (custom fields included), not the lead. */
export async function writableMemberFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<Set<string>> {
	const describe = await describeObject(ctx, MEMBERS_OBJECT, itemIndex);
	return new Set(
		(describe.fields ?? [])
			.filter((field) => field.name && field.name !== 'leadId' && field.updateable !== false)
			.map((field) => String(field.name)),
	);
}

/**
 * The member fields of a write, as every upsert of the node shows them: n8n's column mapper with
 * the members' writable fields, Map Automatically by default (the item's fields that are member
 * fields). The lead is the Lead ID above, so the mapper has no columns to match on.
 */
export const memberColumnsField = columnMapper({
	displayName: 'Member Fields',
	method: 'getProgramMemberColumns',
	mode: 'add',
	word: 'member field',
	show: fromVersionTwoOne,
});

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
		throw inputError(
			ctx.getNode(),
			itemIndex,
			{ parameter: name, missing: !status },
			`The status ${shorten(status)} of item ${itemIndex} is not a program status name`,
			"Give a status of the program's channel, e.g. Registered, Attended or Member, as the service shows it.",
		);
	}
	return status;
}
