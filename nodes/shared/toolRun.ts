import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	NodeParameterValueType,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { allowedText, modelChoiceFields, readChoice, withValueAt } from './toolChoices';
import {
	fittingCount,
	limitReachedNote,
	moreMatchedNote,
	toolLimitsOf,
	type ToolLimits,
} from './toolLimits';

/**
 * What the router does differently when the node runs as an AI agent's tool, for every operation
 * alike: the model's choice arguments are read as option values (or refused before any call), and
 * the records of one answer are bounded with a closing note.
 */
export interface ToolRun {
	/** The execution context the operation runs with: choice arguments read as option values. */
	context: IExecuteFunctions;
	/** Items whose choice arguments were refused: no call is made for them. */
	refusals: Map<number, Error>;
	/** An item's records, bounded, with a closing note where they were cut. */
	bound(itemIndex: number, records: IDataObject[]): IDataObject[];
}

export function startToolRun(
	ctx: IExecuteFunctions,
	fields: INodeProperties[],
	itemCount: number,
): ToolRun {
	const node = ctx.getNode();
	const choiceFields = modelChoiceFields(node, fields);
	const chosen = new Map<number, Map<string, NodeParameterValueType>>();
	const refusals = new Map<number, Error>();
	for (let itemIndex = 0; itemIndex < itemCount && choiceFields.length > 0; itemIndex++) {
		const values = new Map<string, NodeParameterValueType>();
		for (const field of choiceFields) {
			const read = readChoice(field, ctx.getNodeParameter(field.path, itemIndex, ''));
			if ('refusal' in read) {
				refusals.set(
					itemIndex,
					new NodeOperationError(node, read.refusal, {
						itemIndex,
						description: `The allowed values of ${field.property.displayName}: ${allowedText(field.options)}. No call was made.`,
					}),
				);
				break;
			}
			values.set(field.path, read.value);
		}
		chosen.set(itemIndex, values);
	}

	const context: IExecuteFunctions =
		choiceFields.length === 0 ? ctx : (Object.create(ctx) as IExecuteFunctions);
	if (context !== ctx) {
		const read = ctx.getNodeParameter.bind(ctx) as (...args: unknown[]) => unknown;
		const getNodeParameter = (name: string, itemIndex: number, ...rest: unknown[]): unknown => {
			const value = read(name, itemIndex, ...rest);
			let result = value;
			for (const [path, choice] of chosen.get(itemIndex) ?? []) {
				if (path === name) return choice;
				if (path.startsWith(`${name}.`)) {
					result = withValueAt(result, path.slice(name.length + 1), choice);
				}
			}
			return result;
		};
		context.getNodeParameter = getNodeParameter as IExecuteFunctions['getNodeParameter'];
	}

	const hasLimit = fields.some((field) => field.name === 'limit');
	const limits: ToolLimits = toolLimitsOf(
		ctx.getNodeParameter('toolAnswerLimits', 0, {}) as IDataObject,
	);
	const bound = (itemIndex: number, records: IDataObject[]): IDataObject[] => {
		const fitting = fittingCount(records, limits);
		if (fitting < records.length) {
			return [...records.slice(0, fitting), moreMatchedNote(records.length - fitting)];
		}
		if (hasLimit && !(ctx.getNodeParameter('returnAll', itemIndex, false) as boolean)) {
			const limit = Number(ctx.getNodeParameter('limit', itemIndex, 50));
			if (records.length > 0 && records.length >= limit) {
				return [...records, limitReachedNote(limit)];
			}
		}
		return records;
	};

	return { context, refusals, bound };
}
