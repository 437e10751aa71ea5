import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isToolRun, toolArgumentOf } from '../../../shared/tool';
import { isValidEmail } from '../../../shared/validation';
import { isFixedParameter, parameterOf } from '../../../shared/itemParameters';
import { shorten, splitValues } from '../parameters';

/**
 * Lead Get Many (by filter), input: what one item asks for (filter type, values, fields, limit),
 * checked before any call, and how values are compared.
 */

const DEFAULT_FIELDS = ['id', 'email', 'updatedAt', 'createdAt', 'firstName', 'lastName'];
/** Filter types that are not lead fields, so results cannot be matched back by value. */
const NOT_FIELDS = new Set(['cookies', 'cookie']);

export interface Lookup {
	filterType: string;
	values: string[];
	/** Each value as the service compares it (`keyOf`), for matching the answers. */
	keys: string[];
	fields: string[];
	/** Lookups with the same group share calls: the same filter type and fields. */
	group: string;
	limit: number;
	includeNotFound: boolean;
}

/** A value as the service compares it (email addresses without regard to case). */
export const keyOf = (filterType: string, value: unknown) =>
	filterType === 'email'
		? String(value ?? '')
				.trim()
				.toLowerCase()
		: String(value ?? '').trim();

/** What a lookup asks besides its values. */
type Shape = Omit<Lookup, 'values' | 'keys'>;

/** Reads and checks one item's lookup; bad input throws naming the item (or the tool argument). */
export function lookupReader(ctx: IExecuteFunctions, node: INode): (i: number) => Lookup {
	// As a tool, messages name the argument the model filled and say the fix.
	const argument = toolArgumentOf(node, 'filterValues');
	// Unless set: on from version 2, and as an AI agent's tool (the model gets "" for no item).
	const includeNotFoundByDefault = node.typeVersion >= 2 || isToolRun(node);
	const filterTypeOf = parameterOf(ctx, 'filterType', '');
	const optionsOf = parameterOf<IDataObject>(ctx, 'options', {});
	const returnAllOf = parameterOf(ctx, 'returnAll', false);
	const limitParameterOf = parameterOf(ctx, 'limit', 50);
	const filterValuesOf = parameterOf<unknown>(ctx, 'filterValues', '');
	const shapeOf = (i: number): Shape => {
		const filterType = String(filterTypeOf(i)).trim();
		if (!filterType) {
			throw new NodeOperationError(node, `Filter Type is empty in item ${i}`, {
				itemIndex: i,
				description: 'Pick a searchable field such as email or id.',
			});
		}
		const options = optionsOf(i);
		const chosen = (options.fields as string[] | undefined) ?? [];
		const fields = chosen.length > 0 ? [...chosen] : [...DEFAULT_FIELDS];
		if (!NOT_FIELDS.has(filterType) && !fields.includes(filterType)) fields.push(filterType);
		return {
			filterType,
			fields,
			group: `${filterType}|${fields.join(',')}`,
			limit: returnAllOf(i) === true ? Infinity : Number(limitParameterOf(i)),
			includeNotFound:
				typeof options.includeNotFound === 'boolean'
					? options.includeNotFound
					: includeNotFoundByDefault,
		};
	};
	// The same for every item when none of its parameters holds an expression: read once.
	const fixed = ['filterType', 'options', 'returnAll', 'limit'].every((name) =>
		isFixedParameter(node, name),
	);
	let shared: Shape | undefined;
	const shapeOfItem = fixed ? (i: number) => (shared ??= shapeOf(i)) : shapeOf;
	return (i) => {
		const shape = shapeOfItem(i);
		const { filterType } = shape;
		const values = splitValues(filterValuesOf(i));
		if (values.length === 0) {
			throw new NodeOperationError(node, `Filter Values is empty in item ${i}`, {
				itemIndex: i,
				description: 'Enter at least one value to look up, e.g. {{ $json.email }}.',
			});
		}
		const where = () => (argument ? `the argument '${argument}'` : `Filter Values of item ${i}`);
		for (const value of values) {
			if (filterType === 'email' && !isValidEmail(value)) {
				throw new NodeOperationError(
					node,
					`${shorten(value)} in ${where()} is not a valid email address${argument ? ': send email addresses separated by commas, e.g. ana@example.com, bob@example.com' : ''}`,
					{ itemIndex: i, description: 'Fix or remove the address; no call was made.' },
				);
			}
			if (filterType === 'id' && !/^\d+$/.test(value)) {
				throw new NodeOperationError(
					node,
					`${shorten(value)} in ${where()} is not a numeric lead ID${argument ? ': send whole numbers separated by commas' : ''}`,
					{ itemIndex: i, description: 'Lead IDs are whole numbers; no call was made.' },
				);
			}
		}
		const keys = values.map((value) => keyOf(filterType, value));
		return { ...shape, values, keys };
	};
}
