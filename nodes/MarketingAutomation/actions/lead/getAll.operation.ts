import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, returnAllAndLimit } from '../../../shared/descriptions';
import type { BatchOutcome } from '../../../shared/router';
import { isToolRun, toolArgumentOf } from '../../../shared/tool';
import { isValidEmail } from '../../../shared/validation';
import { callsInFlight } from '../../transport';
import { chunk, collectByToken, LEAD_BATCH } from '../../transport/paging';
import { runBatches, failItems, prepareAll } from '../batches';
import { leadFieldsOption } from '../fields';
import { parameterOf, shorten, splitValues } from '../parameters';
import type { MarketingAutomationMap } from '../node.type';
import { fromVersionTwo, versionOne } from '../versions';

export const operation = 'getAll' satisfies MarketingAutomationMap['lead'];

const includeNotFound: INodeProperties = {
	displayName: 'Include Not Found',
	name: 'includeNotFound',
	type: 'boolean',
	default: true,
	description:
		'Whether to output an item with found: false (and the value) for each value that matched no lead, so a miss is never silent',
};

const properties: INodeProperties[] = [
	{
		displayName: 'Filter Type Name or ID',
		name: 'filterType',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getFilterTypes' },
		default: 'email',
		description:
			'The searchable field the values are matched against. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Filter Values',
		name: 'filterValues',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. ann@example.com, bob@example.com',
		description:
			'Values to look up, separated by commas or new lines. The values of all input items are combined and sent 300 per call.',
	},
	...returnAllAndLimit,
	optionsCollection([
		leadFieldsOption,
		// Off in version 1 (saved workflows keep their behaviour), on from version 2.
		{
			...includeNotFound,
			default: false,
			description: `${includeNotFound.description} Version 1 of the node: off unless set, except as an AI agent tool.`,
			displayOptions: { show: versionOne },
		},
		{
			...includeNotFound,
			default: true,
			displayOptions: { show: fromVersionTwo },
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['lead'], operation: [operation] } },
	properties,
);

const DEFAULT_FIELDS = ['id', 'email', 'updatedAt', 'createdAt', 'firstName', 'lastName'];
/** Filter types that are not lead fields, so results cannot be matched back by value. */
const NOT_FIELDS = new Set(['cookies', 'cookie']);

interface Lookup {
	filterType: string;
	values: string[];
	fields: string[];
	limit: number;
	includeNotFound: boolean;
}

const keyOf = (filterType: string, value: unknown) =>
	filterType === 'email'
		? String(value ?? '')
				.trim()
				.toLowerCase()
		: String(value ?? '').trim();

/**
 * Get Many by filter, batched across items: the values of all items that share a filter type and
 * field list are deduplicated and sent 300 per call (POST with `_method=GET` when the URL would pass
 * 8 KB), several calls in flight at once; every page is followed by `nextPageToken`. Each returned
 * lead goes to the item(s) that asked for its value, paired with that item; Limit applies per item.
 */
export async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	// n8n hands out a deep copy of the node on every getNode(): once per execution, not per item.
	const node = this.getNode();
	// As a tool, messages name the argument the model filled and say the fix.
	const argument = toolArgumentOf(node, 'filterValues');
	// Unless set: on from version 2, and as an AI agent's tool (the model gets "" for no item).
	const includeNotFoundByDefault = node.typeVersion >= 2 || isToolRun(node);
	const filterTypeOf = parameterOf(this, 'filterType', '');
	const optionsOf = parameterOf<IDataObject>(this, 'options', {});
	const returnAllOf = parameterOf(this, 'returnAll', false);
	const limitParameterOf = parameterOf(this, 'limit', 50);
	const filterValuesOf = parameterOf<unknown>(this, 'filterValues', '');
	const { prepared, outcomes } = prepareAll<Lookup>(this, itemIndexes, (i) => {
		const filterType = String(filterTypeOf(i)).trim();
		if (!filterType) {
			throw new NodeOperationError(node, `Filter Type is empty in item ${i}`, {
				itemIndex: i,
				description: 'Pick a searchable field such as email or id.',
			});
		}
		const values = splitValues(filterValuesOf(i));
		if (values.length === 0) {
			throw new NodeOperationError(node, `Filter Values is empty in item ${i}`, {
				itemIndex: i,
				description: 'Enter at least one value to look up, e.g. {{ $json.email }}.',
			});
		}
		const where = argument ? `the argument '${argument}'` : `Filter Values of item ${i}`;
		for (const value of values) {
			if (filterType === 'email' && !isValidEmail(value)) {
				throw new NodeOperationError(
					node,
					`${shorten(value)} in ${where} is not a valid email address${argument ? ': send email addresses separated by commas, e.g. ana@example.com, bob@example.com' : ''}`,
					{ itemIndex: i, description: 'Fix or remove the address; no call was made.' },
				);
			}
			if (filterType === 'id' && !/^\d+$/.test(value)) {
				throw new NodeOperationError(
					node,
					`${shorten(value)} in ${where} is not a numeric lead ID${argument ? ': send whole numbers separated by commas' : ''}`,
					{ itemIndex: i, description: 'Lead IDs are whole numbers; no call was made.' },
				);
			}
		}
		const options = optionsOf(i);
		const chosen = (options.fields as string[] | undefined) ?? [];
		const fields = chosen.length > 0 ? [...chosen] : [...DEFAULT_FIELDS];
		if (!NOT_FIELDS.has(filterType) && !fields.includes(filterType)) fields.push(filterType);
		return {
			filterType,
			values,
			fields,
			limit: returnAllOf(i) === true ? Infinity : Number(limitParameterOf(i)),
			includeNotFound:
				typeof options.includeNotFound === 'boolean'
					? options.includeNotFound
					: includeNotFoundByDefault,
		};
	});

	const groups = new Map<string, Array<{ itemIndex: number; value: Lookup }>>();
	for (const entry of prepared) {
		const key = `${entry.value.filterType}|${entry.value.fields.join(',')}`;
		const members = groups.get(key);
		if (members) members.push(entry);
		else groups.set(key, [entry]);
	}

	interface Call {
		group: number;
		values: string[];
		askers: number[];
	}
	const calls: Call[] = [];
	const groupList = [...groups.values()];
	groupList.forEach((members, group) => {
		const { filterType } = members[0].value;
		// Each distinct value (as the service compares it): its first spelling and who asked for it.
		const unique = new Map<string, { value: string; askers: number[] }>();
		for (const { itemIndex, value } of members) {
			for (const v of value.values) {
				const key = keyOf(filterType, v);
				const entry = unique.get(key);
				if (!entry) unique.set(key, { value: v, askers: [itemIndex] });
				else if (entry.askers[entry.askers.length - 1] !== itemIndex) entry.askers.push(itemIndex);
			}
		}
		for (const keys of chunk([...unique.values()], LEAD_BATCH)) {
			const askers = new Set<number>();
			for (const entry of keys) for (const i of entry.askers) askers.add(i);
			calls.push({
				group,
				values: keys.map((entry) => entry.value),
				askers: [...askers].sort((a, b) => a - b),
			});
		}
	});

	const answers: IDataObject[][] = new Array<IDataObject[]>(calls.length);
	const failed = new Set<number>();
	await runBatches(calls, await callsInFlight(this), async (call, index) => {
		const members = groupList[call.group];
		const { filterType, fields } = members[0].value;
		// With a single asking item, paging can stop at its limit.
		const fetchLimit = members.length === 1 ? members[0].value.limit : Infinity;
		try {
			answers[index] = await collectByToken(
				this,
				{
					method: 'GET',
					safeToRepeat: true,
					path: '/rest/v1/leads.json',
					qs: { filterType, filterValues: call.values.join(','), fields: fields.join(',') },
					itemIndex: call.askers[0],
				},
				fetchLimit,
			);
		} catch (error) {
			failItems(this, error as Error, call.askers, outcomes);
			for (const i of call.askers) failed.add(i);
		}
	});

	groupList.forEach((members, group) => {
		const { filterType } = members[0].value;
		const byValue = new Map<string, IDataObject[]>();
		const unmatched: IDataObject[] = [];
		calls.forEach((call, index) => {
			if (call.group !== group) return;
			for (const record of answers[index] ?? []) {
				if (record[filterType] === undefined || record[filterType] === null) {
					unmatched.push(record);
					continue;
				}
				const key = keyOf(filterType, record[filterType]);
				const list = byValue.get(key);
				if (list) list.push(record);
				else byValue.set(key, [record]);
			}
		});
		for (const { itemIndex, value } of members) {
			if (failed.has(itemIndex)) continue;
			const out: BatchOutcome[] = [];
			const seen = new Set<unknown>();
			for (const v of value.values) {
				if (out.length >= value.limit) break;
				const key = keyOf(filterType, v);
				if (seen.has(key)) continue;
				seen.add(key);
				const records = byValue.get(key) ?? [];
				for (const record of records) out.push({ json: record });
				if (records.length === 0 && value.includeNotFound && unmatched.length === 0) {
					out.push({ json: { found: false, [filterType]: v } });
				}
			}
			for (const record of unmatched) {
				if (out.length >= value.limit) break;
				out.push({ json: record });
			}
			outcomes[itemIndex] = out.slice(0, value.limit);
		}
	});
	return outcomes;
}
