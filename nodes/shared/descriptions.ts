import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyMode,
} from 'n8n-workflow';

/** Parameter descriptions and readers any node of the package can use (n8n's lint wording). */

export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

export const returnAllAndLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/**
 * The modes of a picker, to spread into it: "From List" (`searchListMethod`), then "By ID", whose
 * text must match `regex`.
 */
export function listThenIdModes(
	searchListMethod: string,
	byId: { placeholder?: string; regex: string; errorMessage: string },
	listPlaceholder?: string,
): { modes: INodePropertyMode[] } {
	const { placeholder, regex, errorMessage } = byId;
	return {
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				...(listPlaceholder === undefined ? {} : { placeholder: listPlaceholder }),
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder,
				validation: [{ type: 'regex', properties: { regex, errorMessage } }],
			},
		],
	};
}

/** The "Filters" collection of a Get Many or search operation. */
export function filtersCollection(
	options: INodeProperties[],
	description?: string,
): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		...(description === undefined ? {} : { description }),
		options,
	};
}

/** The "Options" collection of an operation. */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options,
	};
}

/** Reads Return All / Limit for an item: Infinity when everything is wanted. */
export function limitOf(ctx: IExecuteFunctions, itemIndex: number): number {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return Infinity;
	return ctx.getNodeParameter('limit', itemIndex, 50) as number;
}

/** Splits a comma-separated text field into trimmed, non-empty values. */
export function listOf(value: unknown): string[] {
	if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
	return String(value ?? '')
		.split(',')
		.map((v) => v.trim())
		.filter(Boolean);
}

/**
 * Drops keys whose value is undefined, so simplified items only carry what the service knew. A
 * plain loop: it runs once per output item, and the entries arrays cost four times as much.
 */
export function compact(record: IDataObject): IDataObject {
	const kept: IDataObject = {};
	for (const key of Object.keys(record)) {
		const value = record[key];
		if (value === undefined) continue;
		// An own `__proto__` key stays a field, as before (`=` would set the prototype).
		if (key === '__proto__') {
			Object.defineProperty(kept, key, {
				value,
				enumerable: true,
				writable: true,
				configurable: true,
			});
		} else kept[key] = value;
	}
	return kept;
}

/** `list[0][key]` when `list` is a non-empty array (first email, first phone, ...). */
export function firstOf(list: unknown, key: string): IDataObject[string] {
	return Array.isArray(list) && list.length ? (list[0] as IDataObject)[key] : undefined;
}
