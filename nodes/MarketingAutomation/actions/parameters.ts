import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { NodeOperationError } from 'n8n-workflow';

import { visibleControls } from '../../shared/echo';
import { inputError } from '../../shared/inputError';
import { itemParameter } from '../../shared/itemParameters';

/** Readers of the marketing node's parameters: IDs, lists, tokens, dates and filters, checked. */

/** The `check` of an operation on one record: its ID, from the locator `name`, read and checked. */
export function checkId(name: string) {
	return function check(this: IExecuteFunctions, itemIndex: number): number {
		return readId(this, name, itemIndex, name);
	};
}

/** A positive integer ID from a resource locator or a plain parameter. */
export function readId(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
	raw: unknown = itemParameter<unknown>(ctx, name, itemIndex, '', { extractValue: true }),
): number {
	const text = String(raw ?? '').trim();
	if (!/^\d+$/.test(text) || Number(text) <= 0) {
		throw inputError(
			ctx.getNode(),
			itemIndex,
			{ parameter: name },
			`The ${label} ID ${shorten(text)} in item ${itemIndex} is not a positive whole number`,
			`Pick the ${label} from the list or enter its numeric ID.`,
		);
	}
	return Number(text);
}

const SEPARATORS = /[,;\n\r]+/;

/** Values given as a list: an array, or text separated by commas, semicolons or new lines. */
export function splitValues(raw: unknown): string[] {
	// Most items hold one value: no list to split and filter.
	if (typeof raw === 'string' && !SEPARATORS.test(raw)) {
		const value = raw.trim();
		return value === '' ? [] : [value];
	}
	const parts = Array.isArray(raw)
		? raw.map((v) => String(v))
		: String(raw ?? '').split(SEPARATORS);
	return parts.map((v) => v.trim()).filter((v) => v !== '');
}

/** Lead IDs from a list parameter; each must be a positive integer. */
export function readIdList(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
	raw: unknown = itemParameter<unknown>(ctx, name, itemIndex, ''),
): number[] {
	const values = splitValues(raw);
	if (values.length === 0) {
		throw inputError(
			ctx.getNode(),
			itemIndex,
			{ parameter: name, missing: true },
			`No ${label} given in item ${itemIndex}`,
			`Enter at least one ${label}, e.g. {{ $json.id }}, or several separated by commas.`,
		);
	}
	for (const value of values) {
		if (!/^\d+$/.test(value) || Number(value) <= 0) {
			throw inputError(
				ctx.getNode(),
				itemIndex,
				{ parameter: name },
				`${shorten(value)} in ${label} of item ${itemIndex} is not a positive whole number`,
				`${label} must be numeric lead IDs, separated by commas.`,
			);
		}
	}
	return values.map(Number);
}

/** The rows of a `fieldRowsCollection` as field → value; a row without a name is left out. */
export function readFieldRows(collection: IDataObject): IDataObject {
	const fields: IDataObject = {};
	for (const row of (collection.field ?? []) as Array<{ name?: string; value?: unknown }>) {
		const name = String(row.name ?? '').trim();
		if (name) fields[name] = row.value as IDataObject[string];
	}
	return fields;
}

export function readTokens(
	ctx: IExecuteFunctions,
	parameter: string,
	itemIndex: number,
	value?: IDataObject,
): Array<{ name: string; value: string }> {
	const raw = (value ?? itemParameter<IDataObject>(ctx, parameter, itemIndex, {})) as {
		token?: Array<{ name?: string; value?: string }>;
	};
	const tokens = (raw.token ?? []).map((t, at) => {
		const bare = String(t.name ?? '').trim();
		if (!bare) {
			// The row's own field: an AI agent's tool answer names the argument that filled it.
			throw inputError(
				ctx.getNode(),
				itemIndex,
				{ parameter: `${parameter}.token.${at}.name` },
				`A token in item ${itemIndex} has no name`,
				'Give every token a name such as {{my.offer}}, or remove the empty row.',
			);
		}
		const name = bare.startsWith('{{') ? bare : `{{my.${bare.replace(/^my\./, '')}}}`;
		return { name, value: String(t.value ?? '') };
	});
	if (tokens.length > 100) {
		throw inputError(
			ctx.getNode(),
			itemIndex,
			{ parameter },
			`Item ${itemIndex} overrides ${tokens.length} tokens`,
			'The service accepts at most 100 tokens per call.',
		);
	}
	return tokens;
}

/** A date-time parameter as ISO 8601 with offset; a value without zone is in the workflow's zone. */
export function readDateTime(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
	required = true,
): string | undefined {
	const raw = itemParameter<unknown>(ctx, name, itemIndex, '');
	const text =
		raw instanceof Date
			? raw.toISOString()
			: typeof raw === 'object' && raw
				? String(raw)
				: String(raw ?? '');
	if (!text.trim()) {
		if (!required) return undefined;
		throw inputError(
			ctx.getNode(),
			itemIndex,
			{ parameter: name, missing: true },
			`${label} is empty in item ${itemIndex}`,
			`Enter ${label} as a date and time, e.g. 2026-11-01T00:00:00Z.`,
		);
	}
	const parsed = DateTime.fromISO(text.trim(), { zone: ctx.getTimezone(), setZone: true });
	if (!parsed.isValid) {
		throw inputError(
			ctx.getNode(),
			itemIndex,
			{ parameter: name },
			`${label} ${shorten(text)} in item ${itemIndex} is not a date-time`,
			'Use ISO 8601, e.g. 2026-11-01T00:00:00Z or 2026-11-01T09:30:00+10:00.',
		);
	}
	return parsed.toISO({ suppressMilliseconds: true }) ?? undefined;
}

/** Adds `leadIds` (≤ 30, numeric) and `listId` from an activity read's options to its query. */
export function addActivityScope(
	ctx: IExecuteFunctions,
	options: IDataObject,
	qs: IDataObject,
	itemIndex: number,
): void {
	const leadIds = splitValues(options.leadIds ?? '');
	if (leadIds.length > 30 || leadIds.some((id) => !/^\d+$/.test(id))) {
		throw new NodeOperationError(ctx.getNode(), `Lead IDs in item ${itemIndex} are not valid`, {
			itemIndex,
			description: 'Give at most 30 numeric lead IDs, separated by commas.',
		});
	}
	if (leadIds.length > 0) qs.leadIds = leadIds.join(',');
	if (Number(options.listId) > 0) qs.listId = Number(options.listId);
}

export function readNameFilters(filters: IDataObject): IDataObject {
	const qs: IDataObject = {};
	for (const key of ['name', 'programName', 'workspaceName']) {
		const value = String(filters[key] ?? '').trim();
		if (value) qs[key] = value;
	}
	return qs;
}

/** Input echoed in a message: quoted, control characters made visible, cut to 100 characters plus its length. */
export function shorten(value: unknown): string {
	const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
	const visible = visibleControls(text);
	return text.length > 100
		? `"${visible.slice(0, 100)}…" (${text.length} characters)`
		: `"${visible}"`;
}
