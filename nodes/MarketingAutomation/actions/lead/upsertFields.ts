import type { IExecuteFunctions } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import type { CheckedItem } from '../../../shared/operation';
import { inputError } from '../../../shared/inputError';
import { checkAgainstService, failItems } from '../batches';
import { shorten } from '../parameters';
import type { LeadDescribe } from './describeCache';
import { sharedLeadDescribe } from './leadDescribe';
import type { Upsert } from './upsertMapping';

/** How long the list of unknown names in a refusal grows (a mapped item may hold dozens). */
const LIST_CHARACTERS = 200;

/** An unknown name, with the lead field it differs from only in letter case, if any. */
function named(name: string, byLowerCase: Map<string, string>): string {
	const field = byLowerCase.get(name.toLowerCase());
	return field ? `${shorten(name)} (the field is ${shorten(field)})` : shorten(name);
}

/** The unknown names as a message lists them: the first ones that fit, then how many more. */
function listed(unknown: string[], byLowerCase: Map<string, string>): string {
	const shown: string[] = [];
	let length = 0;
	for (const name of unknown) {
		const text = named(name, byLowerCase);
		if (shown.length > 0 && length + text.length > LIST_CHARACTERS) break;
		shown.push(text);
		length += text.length + 2;
	}
	const more = unknown.length - shown.length;
	return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/**
 * Version 2.1: every lead's fields are checked against the instance's lead fields
 * (`describe2.json`, the process's copy: see `sharedLeadDescribe`) before any write, and a lead with a field the service does not
 * have is refused by name (the service would skip the whole record with 1006). Items without a
 * mapped source (versions 1 and 2) pass as they are. A failed describe fails every item.
 */
export async function withKnownFields(
	ctx: IExecuteFunctions,
	items: Array<CheckedItem<Upsert>>,
	outcomes: BatchOutcome[][],
): Promise<Array<CheckedItem<Upsert>>> {
	if (!items.some(({ input }) => input.from)) return items;
	let names: Set<string>;
	const fieldsOf = (describe: LeadDescribe) =>
		new Set((describe.fields ?? []).map((field) => String(field.name)));
	const hasUnknown = () =>
		items.some(
			({ input }) => input.from && Object.keys(input.lead).some((name) => !names.has(name)),
		);
	try {
		names = fieldsOf(await sharedLeadDescribe(ctx, items[0].itemIndex));
		// A field the process's copy does not know may have been added since: read it again.
		if (hasUnknown()) names = fieldsOf(await sharedLeadDescribe(ctx, items[0].itemIndex, true));
	} catch (error) {
		failItems(
			ctx,
			error as Error,
			items.map(({ itemIndex }) => itemIndex),
			outcomes,
		);
		return [];
	}
	const byLowerCase = new Map([...names].map((name) => [name.toLowerCase(), name]));
	const checked = await checkAgainstService(ctx, items, outcomes, async (itemIndex, upsert) => {
		const unknown = Object.keys(upsert.lead).filter((name) => !names.has(name));
		if (unknown.length === 0 || !upsert.from) return upsert;
		const { parameter, argument } = upsert.from;
		const fields = unknown.length === 1 ? 'a field' : 'fields';
		throw inputError(
			ctx.getNode(),
			itemIndex,
			{ parameter },
			`${argument ? `The argument '${argument}'` : `Item ${itemIndex}`} has ${fields} the service's leads do not have: ${listed(unknown, byLowerCase)}; it was not written`,
			'Send only lead fields, by their API names (Lead → Describe lists them): remove or rename the others, or create the field in the service first.',
		);
	});
	return checked.map(({ itemIndex, value }) => ({ itemIndex, input: value }));
}
