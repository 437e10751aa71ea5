import type { IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { inputError } from '../../shared/inputError';
import { itemParameter } from '../../shared/itemParameters';
import { shorten } from '../actions/parameters';

/** Readers of the fields asset operations share: names and descriptions, checked before any call. */

/** A calendar date written YYYY-MM-DD, as the asset API takes dates (costs, date tokens). */
export function isCalendarDate(text: string): boolean {
	return /^\d{4}-\d{2}-\d{2}$/.test(text) && DateTime.fromISO(text).isValid;
}

/** A name of 1 to `max` characters (programs and campaigns: 255, the service's bound). */
export function readAssetName(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	what: string,
	max = 255,
): string {
	const text = String(itemParameter<unknown>(ctx, name, itemIndex, '') ?? '').trim();
	if (!text || text.length > max) {
		throw inputError(
			ctx.getNode(),
			itemIndex,
			{ parameter: name, missing: !text },
			`The ${what} name ${shorten(text)} of item ${itemIndex} is ${text ? `longer than ${max} characters` : 'empty'}`,
			`Give the ${what} a name of 1 to ${max} characters.`,
		);
	}
	return text;
}

/** The most characters of a program's or a clone's description. */
const MAX_DESCRIPTION = 2000;

/** The optional Description of Additional Fields, or undefined when empty. */
export function readDescription(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const text = String(
		itemParameter<unknown>(ctx, 'additionalFields.description', itemIndex, '') ?? '',
	);
	if (text.length > MAX_DESCRIPTION) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The description of item ${itemIndex} is longer than ${MAX_DESCRIPTION} characters (${text.length})`,
			{
				itemIndex,
				description: `Shorten The description to at most ${MAX_DESCRIPTION} characters.`,
			},
		);
	}
	return text.trim() ? text : undefined;
}

/** A look-up that found nothing (the service answers a "no assets" warning, not an error). */
export function assetNotFound(
	ctx: IExecuteFunctions,
	what: string,
	lookup: { id: number } | { name: string },
	itemIndex: number,
	fix: string,
): NodeApiError {
	const byName = 'name' in lookup;
	const found = byName ? `named ${shorten(lookup.name)}` : `with the ID ${lookup.id}`;
	return new NodeApiError(ctx.getNode(), { message: `No ${what} ${found}` } as JsonObject, {
		message: `No ${what} ${found} was found`,
		description: `${byName ? 'Names must match exactly, case included. ' : ''}${fix}`,
		itemIndex,
	});
}
