import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { limitOf, optionsCollection, returnAllAndLimit } from '../../../shared/descriptions';
import type { BatchOutcome } from '../../../shared/router';
import { isValidEmail } from '../../../shared/validation';
import { chunk, collectByToken, LEAD_BATCH } from '../../transport/paging';
import { failItems, leadFieldsOption, prepareAll, splitValues } from '../common';

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
		{
			displayName: 'Include Not Found',
			name: 'includeNotFound',
			type: 'boolean',
			default: false,
			description:
				'Whether to output an item with found: false for each value that matched no lead',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['lead'], operation: ['getAll'] } },
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
 * 8 KB); every page is followed by `nextPageToken`. Each returned lead goes to the item(s) that
 * asked for its value, paired with that item; Limit applies per item.
 */
export async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	const { prepared, outcomes } = prepareAll<Lookup>(this, itemIndexes, (i) => {
		const filterType = String(this.getNodeParameter('filterType', i, '')).trim();
		if (!filterType) {
			throw new NodeOperationError(this.getNode(), `Filter Type is empty in item ${i}`, {
				itemIndex: i,
				description: 'Pick a searchable field such as email or id.',
			});
		}
		const values = splitValues(this.getNodeParameter('filterValues', i, ''));
		if (values.length === 0) {
			throw new NodeOperationError(this.getNode(), `Filter Values is empty in item ${i}`, {
				itemIndex: i,
				description: 'Enter at least one value to look up, e.g. {{ $json.email }}.',
			});
		}
		for (const value of values) {
			if (filterType === 'email' && !isValidEmail(value)) {
				throw new NodeOperationError(
					this.getNode(),
					`"${value}" in Filter Values of item ${i} is not a valid e-mail address`,
					{ itemIndex: i, description: 'Fix or remove the address; no call was made.' },
				);
			}
			if (filterType === 'id' && !/^\d+$/.test(value)) {
				throw new NodeOperationError(
					this.getNode(),
					`"${value}" in Filter Values of item ${i} is not a numeric lead ID`,
					{ itemIndex: i, description: 'Lead IDs are whole numbers; no call was made.' },
				);
			}
		}
		const options = this.getNodeParameter('options', i, {}) as IDataObject;
		const chosen = (options.fields as string[] | undefined) ?? [];
		const fields = chosen.length > 0 ? [...chosen] : [...DEFAULT_FIELDS];
		if (!NOT_FIELDS.has(filterType) && !fields.includes(filterType)) fields.push(filterType);
		return {
			filterType,
			values,
			fields,
			limit: limitOf(this, i),
			includeNotFound: options.includeNotFound === true,
		};
	});

	const groups = new Map<string, Array<{ itemIndex: number; value: Lookup }>>();
	for (const entry of prepared) {
		const key = `${entry.value.filterType}|${entry.value.fields.join(',')}`;
		groups.set(key, [...(groups.get(key) ?? []), entry]);
	}

	for (const members of groups.values()) {
		const { filterType, fields } = members[0].value;
		const unique = new Map<string, string>();
		for (const { value } of members) {
			for (const v of value.values)
				if (!unique.has(keyOf(filterType, v))) unique.set(keyOf(filterType, v), v);
		}
		const byValue = new Map<string, IDataObject[]>();
		const unmatched: IDataObject[] = [];
		const failed = new Set<number>();
		// With a single asking item, paging can stop at its limit.
		const fetchLimit = members.length === 1 ? members[0].value.limit : Infinity;
		for (const values of chunk([...unique.keys()], LEAD_BATCH)) {
			const askers = members
				.filter(({ value }) => value.values.some((v) => values.includes(keyOf(filterType, v))))
				.map(({ itemIndex }) => itemIndex);
			try {
				const records = await collectByToken(
					this,
					{
						method: 'GET',
						path: '/rest/v1/leads.json',
						qs: {
							filterType,
							filterValues: values.map((v) => unique.get(v)).join(','),
							fields: fields.join(','),
						},
						itemIndex: askers[0],
					},
					fetchLimit,
				);
				for (const record of records) {
					if (record[filterType] === undefined || record[filterType] === null) {
						unmatched.push(record);
						continue;
					}
					const key = keyOf(filterType, record[filterType]);
					byValue.set(key, [...(byValue.get(key) ?? []), record]);
				}
			} catch (error) {
				failItems(this, error as Error, askers, outcomes);
				askers.forEach((i) => failed.add(i));
			}
		}
		for (const { itemIndex, value } of members) {
			if (failed.has(itemIndex)) continue;
			const out: BatchOutcome[] = [];
			const seen = new Set<unknown>();
			for (const v of value.values) {
				const key = keyOf(filterType, v);
				if (seen.has(key)) continue;
				seen.add(key);
				const records = byValue.get(key) ?? [];
				for (const record of records) out.push({ json: record });
				if (records.length === 0 && value.includeNotFound && unmatched.length === 0) {
					out.push({ json: { found: false, [filterType]: v } });
				}
			}
			for (const record of unmatched) out.push({ json: record });
			outcomes[itemIndex] = out.slice(0, value.limit);
		}
	}
	return outcomes;
}
