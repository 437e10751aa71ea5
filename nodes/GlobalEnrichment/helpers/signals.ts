/**
 * Contact and Company → Get Signals and Get Signal Score: the fields, the checks against the
 * service's signal catalogue before the charged call, and the reading of its answers. One concern:
 * both operations read the same catalogue and the same record identifiers.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput } from '../../enrichment/lookupErrors';
import { echo } from '../../shared/echo';
import { itemParameter } from '../../shared/itemParameters';
import { optionsCollection } from '../../shared/descriptions';
import type { BatchOutcome, CheckedItem } from '../../shared/operation';
import {
	filterValues,
	requireServiceApi,
	signalTypeOptions,
	type EntityKind,
} from '../transport/signals';
import { answeredId, runByIds, type IdRequest } from './byIds';
import { identifyByFields, readScoreTarget } from './scoreTargets';

/** Get Signals and Get Signal Score of a contact or a company: their fields, checks and runs. */

const label = (kind: EntityKind) => (kind === 'contact' ? 'Contact' : 'Company');

/** The record id, by default the `id` of the item (the output of a Find, Enrich or Search). */
function recordIdField(kind: EntityKind): INodeProperties {
	return {
		displayName: `${label(kind)} ID`,
		name: 'recordId',
		type: 'string',
		required: true,
		default: '={{ $json.id }}',
		placeholder: kind === 'contact' ? 'e.g. p-2001' : 'e.g. c-1001',
		description: `The service's ID of the ${kind}: by default the ID of the incoming item, as a Find, Enrich or Search of this node outputs it`,
	};
}

export function readRecordId(ctx: IExecuteFunctions, kind: EntityKind, itemIndex: number): string {
	const raw = itemParameter<unknown>(ctx, 'recordId', itemIndex, '');
	const id = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
	const refuse = (reason: string, fix: string) =>
		invalidInput(ctx, itemIndex, `"${label(kind)} ID"`, reason, fix, 'recordId');
	if (!id) {
		refuse(
			'it is empty',
			`Map the "id" of a Find, Enrich or Search output of this node, or type the ${kind}'s ID.`,
		);
	}
	if (/[\s,]/.test(id) || id.length > 256) {
		refuse(`"${echo(id)}" is not one ID`, 'Give one ID per item; split a list into items first.');
	}
	return id;
}

export const MAX_RESULTS_PER_SIGNAL = 100;

/** The signal type intent categories refine (the service ignores them for the other types). */
const INTENT_TYPE = 'linkedinActivityIntent';

const intentCategoriesField: INodeProperties = {
	displayName: 'Intent Category Names or IDs',
	name: 'intentCategories',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getCompanyIntentCategories' },
	default: [],
	description:
		'Only LinkedIn activity intent signals about topics of these categories (the other types are not filtered; needs Linkedin Activity Intent or All Signals). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** A multi-choice parameter as a list of distinct texts (a list, or comma-separated text). */
function chosen(ctx: IExecuteFunctions, parameter: string, itemIndex: number): string[] {
	const raw = itemParameter<unknown>(ctx, parameter, itemIndex, []);
	const list = (Array.isArray(raw) ? raw : String(raw ?? '').split(','))
		.map((value) => (typeof value === 'string' || typeof value === 'number' ? String(value) : ''))
		.map((value) => value.trim())
		.filter(Boolean);
	return [...new Set(list)];
}

/**
 * The intent categories of a company item, checked: only with a type they refine, each a name of
 * at most 256 characters (the catalogue check follows before any charged call).
 */
function readIntentCategories(
	ctx: IExecuteFunctions,
	itemIndex: number,
	signalTypes: string[],
): string[] {
	const categories = chosen(ctx, 'options.intentCategories', itemIndex);
	if (!categories.length) return categories;
	const refuse = (reason: string, fix: string) =>
		invalidInput(
			ctx,
			itemIndex,
			'"Intent Category Names or IDs"',
			reason,
			fix,
			'options.intentCategories',
		);
	if (!signalTypes.includes(INTENT_TYPE) && !signalTypes.includes('allSignals')) {
		refuse(
			`intent categories refine ${INTENT_TYPE} signals only, and the chosen types (${signalTypes.join(', ')}) do not include it`,
			`Add ${INTENT_TYPE} (or allSignals) to the signal types, or clear the categories.`,
		);
	}
	const long = categories.find((category) => category.length > 256);
	if (long !== undefined) {
		refuse(`"${echo(long)}" is not an intent category`, 'Choose the categories from the list.');
	}
	return categories;
}

function signalFields(kind: EntityKind): INodeProperties[] {
	return [
		recordIdField(kind),
		{
			displayName: 'Signal Type Names or IDs',
			name: 'signalTypes',
			type: 'multiOptions',
			typeOptions: {
				loadOptionsMethod: kind === 'contact' ? 'getContactSignalTypes' : 'getCompanySignalTypes',
			},
			required: true,
			default: [],
			description:
				'Signal types from the service\'s catalogue. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		optionsCollection([
			...(kind === 'company' ? [intentCategoriesField] : []),
			{
				displayName: 'Max Results per Signal',
				name: 'maxResultsPerSignal',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_RESULTS_PER_SIGNAL },
				default: 10,
				description:
					'Most signals of each type to return per record (1-100); each one costs a credit. Without it the service returns every signal of the period.',
			},
			{
				displayName: 'Start Date',
				name: 'startDate',
				type: 'dateTime',
				default: '',
				description: 'Only signals from this day on (the service looks back 6 months by default)',
			},
		]),
	];
}

/** `YYYY-MM-DD` of a date parameter, refused when it is not a date or lies in the future. */
function readStartDate(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const raw = itemParameter<unknown>(ctx, 'options.startDate', itemIndex, '');
	if (raw === '' || raw === undefined || raw === null) return undefined;
	const text = String(raw).trim();
	const time = /^\d{4}-\d{2}-\d{2}$/.test(text)
		? Date.parse(`${text}T00:00:00Z`)
		: Date.parse(text);
	const refuse = (reason: string, fix: string) =>
		invalidInput(ctx, itemIndex, '"Start Date"', reason, fix, 'options.startDate');
	if (!Number.isFinite(time)) {
		refuse(`"${echo(text)}" is not a date`, 'Pick a date, or give one such as 2026-05-01.');
	}
	const day = new Date(time).toISOString().slice(0, 10);
	if (day > new Date().toISOString().slice(0, 10)) {
		refuse(
			`${day} is in the future`,
			'Pick today or an earlier day: signals are events that already happened.',
		);
	}
	return day;
}

/** The optional cap per type: the service has no default, so none is sent unless given. */
function readMaxResults(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	const max = itemParameter<unknown>(ctx, 'options.maxResultsPerSignal', itemIndex, null);
	if (max === undefined || max === null || max === '') return undefined;
	if (
		typeof max !== 'number' ||
		!Number.isInteger(max) ||
		max < 1 ||
		max > MAX_RESULTS_PER_SIGNAL
	) {
		invalidInput(
			ctx,
			itemIndex,
			'"Max Results per Signal"',
			`${echo(String(max))} is not a whole number from 1 to ${MAX_RESULTS_PER_SIGNAL}`,
			`Give a number from 1 to ${MAX_RESULTS_PER_SIGNAL}.`,
			'options.maxResultsPerSignal',
		);
	}
	return max;
}

/**
 * A signals result's lists by type: the document puts each type's list on the result under the
 * type's name (`{ id, promotion: [...], companyChange: [...] }`), next to the record's own fields.
 */
function signalsOf(result: IDataObject): Record<string, IDataObject[]> {
	const byType: Record<string, IDataObject[]> = {};
	for (const [name, value] of Object.entries(result)) {
		if (Array.isArray(value)) byType[name] = value as IDataObject[];
	}
	return byType;
}

const countOf = (byType: Record<string, IDataObject[]>) =>
	Object.values(byType).reduce((sum, list) => sum + list.length, 0);

/** A per-record code, as data on its item. */
const codeOf = (error: IDataObject | undefined) =>
	error ? { error: { code: error.code, message: error.message } } : {};

/**
 * Get Signals of `kind`. The types are checked against the service's catalogue (a free call)
 * before any charged call, then the ids go out 100 per call. Each item says what it cost: one
 * credit per signal shown, none for a repeat of an id already answered.
 */
export function signalsOperation(kind: EntityKind) {
	return {
		fields: signalFields(kind),
		async check(this: IExecuteFunctions, itemIndex: number): Promise<IdRequest> {
			await requireServiceApi(this, 'Get Signals', itemIndex);
			const id = readRecordId(this, kind, itemIndex);
			const signalTypes = chosen(this, 'signalTypes', itemIndex);
			if (signalTypes.length === 0) {
				invalidInput(
					this,
					itemIndex,
					'"Signal Type Names or IDs"',
					'no signal type is chosen',
					'Choose at least one type from the list (allSignals for every type).',
					'signalTypes',
				);
			}
			const startDate = readStartDate(this, itemIndex);
			const maxResultsPerSignal = readMaxResults(this, itemIndex);
			const intentCategories =
				kind === 'company' ? readIntentCategories(this, itemIndex, signalTypes) : [];
			return {
				id,
				fields: {
					signalTypes,
					...(startDate ? { startDate } : {}),
					...(maxResultsPerSignal === undefined ? {} : { maxResultsPerSignal }),
					...(intentCategories.length ? { filters: { include: { intentCategories } } } : {}),
				},
			};
		},
		async runBatch(this: IExecuteFunctions, items: Array<CheckedItem<IdRequest>>) {
			const known = new Set((await signalTypeOptions(this, kind)).map((option) => option.value));
			const categoriesOf = (item: CheckedItem<IdRequest>) =>
				((
					(item.input.fields.filters as IDataObject | undefined)?.include as IDataObject | undefined
				)?.intentCategories ?? []) as string[];
			// The category catalogue (free) only when an item names categories.
			const knownCategories = items.some((item) => categoriesOf(item).length)
				? new Set(
						(await filterValues(this, kind, 'intentCategories', undefined, 'signals')).map(
							(entry) => String(entry.value ?? entry.name ?? ''),
						),
					)
				: new Set<string>();
			const outcomes: BatchOutcome[][] = [];
			const sendable: Array<CheckedItem<IdRequest>> = [];
			for (const item of items) {
				const unknown = (item.input.fields.signalTypes as string[]).find(
					(type) => !known.has(type),
				);
				const unknownCategory = categoriesOf(item).find(
					(category) => !knownCategories.has(category),
				);
				if (unknown === undefined && unknownCategory === undefined) {
					sendable.push(item);
					continue;
				}
				try {
					if (unknown !== undefined) {
						invalidInput(
							this,
							item.itemIndex,
							'"Signal Type Names or IDs"',
							`"${echo(unknown)}" is not a ${kind} signal type of the service (${[...known].join(', ')})`,
							'Choose the types from the list.',
							'signalTypes',
						);
					}
					invalidInput(
						this,
						item.itemIndex,
						'"Intent Category Names or IDs"',
						`"${echo(String(unknownCategory))}" is not an intent category of the service (${[...knownCategories].join(', ')})`,
						'Choose the categories from the list.',
						'options.intentCategories',
					);
				} catch (error) {
					outcomes[item.itemIndex] = [{ error: error as Error }];
				}
			}
			// Without Continue On Fail a refused item stops the node before any charged call.
			const refused = outcomes.findIndex((outcome) => outcome !== undefined);
			if (refused >= 0 && !this.continueOnFail()) return outcomes;
			const answered = await runByIds(
				this,
				{
					kind,
					endpoint: 'signals',
					what: 'signals',
					output(result) {
						const signals = signalsOf(result);
						return {
							id: result.id,
							found: true,
							...(result.companyName === undefined ? {} : { companyName: result.companyName }),
							...(result.domain === undefined ? {} : { domain: result.domain }),
							signals,
							signalCount: countOf(signals),
						};
					},
					// The document has no per-id error here: an id without a result is not found.
					missing: ({ id }, error) => ({
						id,
						found: false,
						signals: {},
						signalCount: 0,
						...codeOf(error),
					}),
					units: (result) => countOf(signalsOf(result)),
				},
				sendable,
			);
			for (const { itemIndex } of sendable) outcomes[itemIndex] = answered[itemIndex];
			return outcomes;
		},
	};
}

/**
 * Get Signal Score of `kind`: its fields, check and batched run (100 records per call), each record
 * by its ID or by an identifier the service resolves (`./scoreTargets.ts`).
 */
export function scoreOperation(kind: EntityKind) {
	const [identifyBy, ...identifiers] = identifyByFields(kind);
	return {
		fields: [
			identifyBy,
			{ ...recordIdField(kind), displayOptions: { show: { identifyBy: ['id'] } } },
			...identifiers,
		],
		async check(this: IExecuteFunctions, itemIndex: number): Promise<IdRequest> {
			await requireServiceApi(this, 'Get Signal Score', itemIndex);
			const target = readScoreTarget(this, kind, itemIndex);
			if (target) return { id: target.key, fields: {}, record: target.record };
			return { id: readRecordId(this, kind, itemIndex), fields: {} };
		},
		async runBatch(this: IExecuteFunctions, items: Array<CheckedItem<IdRequest>>) {
			return await runByIds(
				this,
				{
					kind,
					endpoint: 'signal-score',
					what: 'signal score',
					output: (result, { record }) => {
						// Our reference is not the record's: left out. By ID the item keeps the ID it
						// asked with; otherwise the one the service found.
						const fields = Object.fromEntries(
							Object.entries(result).filter(([name]) => name !== 'clientReferenceId'),
						);
						const id = record ? String(result.id ?? '') : answeredId(result);
						return { ...fields, id, found: true, ...(record ? { lookup: record } : {}) };
					},
					missing: ({ id, record }, error) => ({
						...(record ? { lookup: record } : { id }),
						found: error?.code === 'NO_SCORE',
						signalScore: null,
						...codeOf(error),
					}),
					// One credit per scored row (error rows are never charged); free where not yet priced.
					units: () => 1,
				},
				items,
			);
		},
	};
}
