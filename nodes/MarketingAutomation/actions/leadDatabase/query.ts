import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { callsInFlight, readRequest } from '../../transport';
import { collectByToken, LEAD_BATCH } from '../../transport/paging';
import type { CheckedItem } from '../../../shared/operation';
import {
	checkAgainstService,
	distinctValueCalls,
	failItems,
	groupBy,
	runBatches,
} from '../batches';
import { perExecution } from '../../../shared/perExecution';
import { parameterOf } from '../../../shared/itemParameters';
import { shorten, splitValues } from '../parameters';
import { queryFields } from './fields';
import { compoundValues, collectCompound } from './compound';
import { COMPOUND_FILTER, itemObjectPath, keysOf, type ObjectKind } from './objects';

/** Filter types whose values are whole numbers. */
const NUMERIC = new Set(['id', 'leadId']);

/** One item's query as its check reads it (the values are checked against the object's keys). */
interface Query {
	path: string;
	filterType: string;
	chosen: string[];
	limit: number;
	includeNotFound: boolean;
}

interface Lookup {
	path: string;
	filterType: string;
	/** Single values, or compound key objects (`filterType` is `dedupeFields`). */
	values: Array<string | IDataObject>;
	fields: string[];
	limit: number;
	includeNotFound: boolean;
}

/** A looked-up value as the service compares it. */
const valueKey = (value: string | IDataObject, key: string[]) =>
	typeof value === 'string'
		? value.trim().toLowerCase()
		: JSON.stringify(
				key.map((field) =>
					String(value[field] ?? '')
						.trim()
						.toLowerCase(),
				),
			);

/**
 * Get Many of a lead-database object by a searchable field (`GET <object>.json?filterType=…
 * &filterValues=…`) or by its compound dedupe key (`POST <object>.json?_method=GET` with a JSON
 * body): the values of all items with the same path, filter and fields are deduplicated and sent
 * 300 per call, several calls in flight, every page followed. Records are matched back by the key
 * values they carry (never by their order or `seq`); a value without a record gives `found: false`.
 */
export function queryOperation(kind: ObjectKind, defaultFilter: string) {
	const readersOf = perExecution((ctx: IExecuteFunctions) => ({
		filterTypeOf: parameterOf(ctx, 'filterType', defaultFilter),
		optionsOf: parameterOf<IDataObject>(ctx, 'options', {}),
		returnAllOf: parameterOf(ctx, 'returnAll', false),
		limitOf: parameterOf(ctx, 'limit', 50),
	}));

	function check(this: IExecuteFunctions, i: number): Query {
		const { filterTypeOf, optionsOf, returnAllOf, limitOf } = readersOf(this);
		const filterType = String(filterTypeOf(i)).trim();
		if (!filterType) {
			throw new NodeOperationError(this.getNode(), `Filter Type is empty in item ${i}`, {
				itemIndex: i,
				description: `Pick a searchable field of ${kind.plural}.`,
			});
		}
		const options = optionsOf(i);
		return {
			path: itemObjectPath(this, kind, i),
			filterType,
			chosen: ((options.fields as string[] | undefined) ?? []).map(String),
			limit: returnAllOf(i) === true ? Infinity : Number(limitOf(i)),
			includeNotFound: options.includeNotFound !== false,
		};
	}

	async function executeBatch(
		this: IExecuteFunctions,
		items: Array<CheckedItem<Query>>,
	): Promise<BatchOutcome[][]> {
		const node = this.getNode();
		const outcomes: BatchOutcome[][] = [];
		const checked = await checkAgainstService(this, items, outcomes, async (i, value) => {
			const keys = await keysOf(this, kind, value.path, i);
			const compound = value.filterType === COMPOUND_FILTER;
			// The field a record carries its key in (`idField` names the object's id field).
			const key = compound
				? keys.dedupeFields
				: [value.filterType === 'idField' ? keys.idField : value.filterType];
			let values: Array<string | IDataObject>;
			if (compound) {
				values = compoundValues(this, i, key, kind.plural);
			} else {
				const singles = splitValues(this.getNodeParameter('filterValues', i, ''));
				values = singles;
				if (singles.length === 0) {
					throw new NodeOperationError(node, `Filter Values is empty in item ${i}`, {
						itemIndex: i,
						description: `Enter at least one ${value.filterType} to look up.`,
					});
				}
				const bad = singles.find((v) => NUMERIC.has(value.filterType) && !/^\d+$/.test(v));
				if (bad !== undefined) {
					throw new NodeOperationError(
						node,
						`${shorten(bad)} in Filter Values of item ${i} is not a whole number (${value.filterType})`,
						{
							itemIndex: i,
							description: `${value.filterType} values are whole numbers; no call was made.`,
						},
					);
				}
			}
			// Without chosen fields the service returns the keys and dates: add the filter field.
			const defaults = [keys.idField, ...keys.dedupeFields, 'createdAt', 'updatedAt'];
			const base = value.chosen.length > 0 ? value.chosen : defaults;
			const fields = [...new Set([...base, ...key])];
			const lookup: Lookup = { ...value, values, fields };
			return { lookup, key };
		});
		const lookups = checked.map(({ itemIndex, value }) => ({
			itemIndex,
			value: value.lookup,
			key: value.key,
		}));

		const groups = groupBy(
			lookups,
			({ value }) => `${value.path}|${value.filterType}|${value.fields.join(',')}`,
		);
		const calls = [...groups].flatMap(([group, members]) =>
			distinctValueCalls(
				members.map(({ itemIndex, value }) => ({ itemIndex, values: value.values })),
				(value) => valueKey(value, members[0].key),
				LEAD_BATCH,
			).map((call) => ({ group, ...call })),
		);

		/** Per group: value key → the records that matched it. */
		const found = new Map<string, Map<string, IDataObject[]>>();
		const failed = new Set<number>();
		await runBatches(calls, await callsInFlight(this), async (call) => {
			const members = groups.get(call.group)!;
			const { path, filterType, fields } = members[0].value;
			const key = members[0].key;
			const { askers } = call;
			const fetchLimit = members.length === 1 ? members[0].value.limit : Infinity;
			try {
				const records =
					filterType === COMPOUND_FILTER
						? await collectCompound(
								this,
								`${path}.json`,
								{ filterType, fields, input: call.values },
								fetchLimit,
								askers[0],
							)
						: await collectByToken(
								this,
								readRequest(`${path}.json`, {
									qs: { filterType, filterValues: call.values.join(','), fields: fields.join(',') },
									itemIndex: askers[0],
								}),
								fetchLimit,
							);
				let byValue = found.get(call.group);
				if (!byValue) found.set(call.group, (byValue = new Map()));
				for (const record of records) {
					const { seq, ...rest } = record;
					// By the key values the record carries: the service promises no order of its
					// answer, nor that `seq` is the position of the value asked for (kept as a last
					// resort for a record without its key fields).
					const carried = key.every((f) => rest[f] !== undefined && rest[f] !== null);
					const matched = carried
						? filterType === COMPOUND_FILTER
							? rest
							: String(rest[key[0]])
						: typeof seq === 'number' && call.values[seq] !== undefined
							? call.values[seq]
							: undefined;
					if (matched === undefined) continue;
					const id = valueKey(matched, key);
					const list = byValue.get(id);
					if (list) list.push(rest);
					else byValue.set(id, [rest]);
				}
			} catch (error) {
				failItems(this, error as Error, askers, outcomes);
				for (const i of askers) failed.add(i);
			}
		});

		for (const [group, members] of groups) {
			const byValue = found.get(group) ?? new Map<string, IDataObject[]>();
			for (const { itemIndex, value, key } of members) {
				if (failed.has(itemIndex)) continue;
				const out: BatchOutcome[] = [];
				const seen = new Set<string>();
				for (const v of value.values) {
					const id = valueKey(v, key);
					if (seen.has(id)) continue;
					seen.add(id);
					const records = byValue.get(id) ?? [];
					for (const record of records) out.push({ json: record });
					if (records.length === 0 && value.includeNotFound) {
						out.push({
							json:
								typeof v === 'string'
									? { found: false, [value.filterType]: v }
									: { found: false, ...v },
						});
					}
				}
				outcomes[itemIndex] = out.slice(0, value.limit);
			}
		}
		return outcomes;
	}

	return { fields: queryFields(kind, defaultFilter), check, runBatch: executeBatch };
}
