import { visibleControls } from '../../shared/echo';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { NodeOperationError } from 'n8n-workflow';

import { withItemIndex, type BatchOutcome } from '../../shared/router';

/** The "Additional Fields" collection of a create or update operation. */
export function additionalFieldsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options,
	};
}

function locator(
	displayName: string,
	name: string,
	searchListMethod: string,
	what: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 1001',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\s*\\d+\\s*$', errorMessage: `Not a valid ${what} ID` },
					},
				],
			},
		],
	};
}

export const campaignLocator = locator('Campaign', 'campaign', 'searchCampaigns', 'campaign');
/** The campaign of Trigger: its list holds only the campaigns the service lets the API request. */
export const triggerCampaignLocator: INodeProperties = {
	...locator('Campaign', 'campaign', 'searchTriggerableCampaigns', 'campaign'),
	hint: 'Only active trigger campaigns can be requested, so only those are listed; use Schedule for batch campaigns',
	description:
		'An active trigger campaign whose smart list has the "Campaign is Requested" (web service API) trigger',
};
export const listLocator = locator('List', 'list', 'searchLists', 'list');
export const programLocator = locator('Program', 'program', 'searchPrograms', 'program');
export const emailLocator = locator('Email', 'email', 'searchEmails', 'email');

/** A positive integer ID from a resource locator or a plain parameter. */
export function readId(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
): number {
	const raw = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
	const text = String(raw ?? '').trim();
	if (!/^\d+$/.test(text) || Number(text) <= 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The ${label} ID ${shorten(text)} in item ${itemIndex} is not a positive whole number`,
			{
				itemIndex,
				description: `Pick the ${label} from the list or enter its numeric ID.`,
			},
		);
	}
	return Number(text);
}

/** Values given as a list: an array, or text separated by commas, semicolons or new lines. */
export function splitValues(raw: unknown): string[] {
	const parts = Array.isArray(raw)
		? raw.map((v) => String(v))
		: String(raw ?? '').split(/[,;\n\r]+/);
	return parts.map((v) => v.trim()).filter((v) => v !== '');
}

/** The Lead IDs parameter of a write on a set of leads (combined across items, `batch` per call). */
export function leadIdsField(what: string, batch = 300): INodeProperties {
	return {
		displayName: 'Lead IDs',
		name: 'leadIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1001, 1002',
		description: `Leads to ${what}, comma-separated. The leads of all input items are combined, ${batch} per call.`,
	};
}

/** Lead IDs from a list parameter; each must be a positive integer. */
export function readIdList(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
): number[] {
	const values = splitValues(ctx.getNodeParameter(name, itemIndex, '') as unknown);
	if (values.length === 0) {
		throw new NodeOperationError(ctx.getNode(), `No ${label} given in item ${itemIndex}`, {
			itemIndex,
			description: `Enter at least one ${label}, e.g. {{ $json.id }}, or several separated by commas.`,
		});
	}
	for (const value of values) {
		if (!/^\d+$/.test(value) || Number(value) <= 0) {
			throw new NodeOperationError(
				ctx.getNode(),
				`${shorten(value)} in ${label} of item ${itemIndex} is not a positive whole number`,
				{ itemIndex, description: `${label} must be numeric lead IDs, separated by commas.` },
			);
		}
	}
	return values.map(Number);
}

/** "My Tokens" overrides, `{{my.token}}` → value, for trigger and schedule. */
export const tokensCollection: INodeProperties = {
	displayName: 'Tokens',
	name: 'tokens',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Token',
	default: {},
	description: 'Program "my" tokens to override for this run (at most 100)',
	options: [
		{
			displayName: 'Token',
			name: 'token',
			values: [
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
					placeholder: 'e.g. {{my.offer}}',
					description: 'Token name, with or without the surrounding "{{my." and "}}"',
				},
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					default: '',
				},
			],
		},
	],
};

export function readTokens(
	ctx: IExecuteFunctions,
	parameter: string,
	itemIndex: number,
	value?: IDataObject,
): Array<{ name: string; value: string }> {
	const raw = (value ?? ctx.getNodeParameter(parameter, itemIndex, {})) as {
		token?: Array<{ name?: string; value?: string }>;
	};
	const tokens = (raw.token ?? []).map((t) => {
		const bare = String(t.name ?? '').trim();
		if (!bare) {
			throw new NodeOperationError(ctx.getNode(), `A token in item ${itemIndex} has no name`, {
				itemIndex,
				description: 'Give every token a name such as {{my.offer}}, or remove the empty row.',
			});
		}
		const name = bare.startsWith('{{') ? bare : `{{my.${bare.replace(/^my\./, '')}}}`;
		return { name, value: String(t.value ?? '') };
	});
	if (tokens.length > 100) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex} overrides ${tokens.length} tokens`,
			{
				itemIndex,
				description: 'The service accepts at most 100 tokens per call.',
			},
		);
	}
	return tokens;
}

/**
 * First step of every batch operation: read and check each item's input before any call. Bad
 * input stops the node at once (naming the item), unless "Continue On Fail" is set, in which case
 * that item gets an error outcome and the others go on.
 */
export function prepareAll<T>(
	ctx: IExecuteFunctions,
	itemIndexes: number[],
	prepare: (itemIndex: number) => T,
): { prepared: Array<{ itemIndex: number; value: T }>; outcomes: BatchOutcome[][] } {
	const outcomes: BatchOutcome[][] = itemIndexes.map(() => []);
	const prepared: Array<{ itemIndex: number; value: T }> = [];
	for (const itemIndex of itemIndexes) {
		try {
			prepared.push({ itemIndex, value: prepare(itemIndex) });
		} catch (error) {
			const failure = new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
			if (!ctx.continueOnFail()) throw failure;
			outcomes[itemIndex] = [{ error: failure }];
		}
	}
	return { prepared, outcomes };
}

/**
 * Second step of a batch operation whose checks need the service's metadata (e.g. a custom object's
 * keys from its describe): each prepared item is checked in turn; a failing one stops the node, or
 * under Continue On Fail gets its error and the others go on.
 */
export async function checkAll<T, U>(
	ctx: IExecuteFunctions,
	prepared: Array<{ itemIndex: number; value: T }>,
	outcomes: BatchOutcome[][],
	check: (itemIndex: number, value: T) => Promise<U>,
): Promise<Array<{ itemIndex: number; value: U }>> {
	const checked: Array<{ itemIndex: number; value: U }> = [];
	for (const { itemIndex, value } of prepared) {
		try {
			checked.push({ itemIndex, value: await check(itemIndex, value) });
		} catch (error) {
			const failure = withItemIndex(ctx, error, itemIndex);
			if (!ctx.continueOnFail()) throw failure;
			outcomes[itemIndex] = [{ error: failure }];
		}
	}
	return checked;
}

/** A call for several items failed: stop, or give each of those items the error. */
export function failItems(
	ctx: IExecuteFunctions,
	error: Error,
	itemIndexes: number[],
	outcomes: BatchOutcome[][],
): void {
	if (!ctx.continueOnFail()) {
		const context = (error as { context?: IDataObject }).context;
		if (context && context.itemIndex === undefined) context.itemIndex = itemIndexes[0];
		throw error;
	}
	for (const itemIndex of new Set(itemIndexes)) outcomes[itemIndex] = [{ error }];
}

/**
 * The failure of one call of a multi-call write, told per item: the message names which call
 * failed and that the other calls' items have their own results, so that re-running only the
 * failed items repeats nothing. A single call keeps its message as is.
 */
export function callFailure(
	error: Error,
	call: number,
	calls: number,
	itemIndexes: number[],
): Error {
	if (calls <= 1) return error;
	let first = itemIndexes[0];
	let last = itemIndexes[0];
	for (const i of itemIndexes) {
		if (i < first) first = i;
		if (i > last) last = i;
	}
	const items = first === last ? `item ${first}` : `items ${first} to ${last}`;
	error.message = `${error.message} [call ${call + 1} of ${calls}, ${items}; the items of the other calls have their own results]`;
	return error;
}

function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value !== null && typeof value === 'object')
		return Object.values(value).some(holdsExpression);
	return false;
}

/**
 * A parameter read for each item only when it holds an expression; a fixed value is read once per
 * execution (item-invariant parameters cost nothing per item).
 */
export function parameterOf<T>(
	ctx: IExecuteFunctions,
	name: string,
	fallback: T,
	options?: { extractValue?: boolean },
): (itemIndex: number) => T {
	if (holdsExpression(ctx.getNode().parameters[name])) {
		return (itemIndex) => ctx.getNodeParameter(name, itemIndex, fallback, options) as T;
	}
	let read = false;
	let value: T = fallback;
	return (itemIndex) => {
		if (!read) {
			value = ctx.getNodeParameter(name, itemIndex, fallback, options) as T;
			read = true;
		}
		return value;
	};
}

/** A date-time parameter as ISO 8601 with offset; a value without zone is in the workflow's zone. */
export function readDateTime(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
	required = true,
): string | undefined {
	const raw = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	const text =
		raw instanceof Date
			? raw.toISOString()
			: typeof raw === 'object' && raw
				? String(raw)
				: String(raw ?? '');
	if (!text.trim()) {
		if (!required) return undefined;
		throw new NodeOperationError(ctx.getNode(), `${label} is empty in item ${itemIndex}`, {
			itemIndex,
			description: `Enter ${label} as a date and time, e.g. 2026-11-01T00:00:00Z.`,
		});
	}
	const parsed = DateTime.fromISO(text.trim(), { zone: ctx.getTimezone(), setZone: true });
	if (!parsed.isValid) {
		throw new NodeOperationError(
			ctx.getNode(),
			`${label} ${shorten(text)} in item ${itemIndex} is not a date-time`,
			{
				itemIndex,
				description: 'Use ISO 8601, e.g. 2026-11-01T00:00:00Z or 2026-11-01T09:30:00+10:00.',
			},
		);
	}
	return parsed.toISO({ suppressMilliseconds: true }) ?? undefined;
}

export const leadFieldsOption: INodeProperties = {
	displayName: 'Field Names or IDs',
	name: 'fields',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getLeadFields' },
	default: [],
	description:
		'Lead fields to return. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** Lead IDs / List ID options shared by the activity reads (the service's scope parameters). */
export const activityScopeOptions: INodeProperties[] = [
	{
		displayName: 'Lead IDs',
		name: 'leadIds',
		type: 'string',
		default: '',
		description: 'Only activities of these leads (at most 30, comma-separated)',
	},
	{
		displayName: 'List ID',
		name: 'listId',
		type: 'number',
		default: 0,
		description: 'Only activities of members of this static list (fewer than 10,000 members)',
	},
];

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

/** Names / Program Names / Workspace Names filters of the Lead Database list endpoints. */
export function nameFilters(what: string): INodeProperties[] {
	return [
		{
			displayName: 'Names',
			name: 'name',
			type: 'string',
			default: '',
			description: `Exact ${what} names, comma-separated`,
		},
		{
			displayName: 'Program Names',
			name: 'programName',
			type: 'string',
			default: '',
			description: 'Exact program names, comma-separated',
		},
		{
			displayName: 'Workspace Names',
			name: 'workspaceName',
			type: 'string',
			default: '',
			description: 'Exact workspace names, comma-separated',
		},
	];
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
