import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	NodeParameterValueType,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { RunLayer } from './runLayer';
import { noRecordsJson } from './tool';
import { inputPlaceOf, isCheckRefusal } from './inputError';
import { argumentNamedIn, hasDecision, toolErrorMessage, withDecision } from './toolDecision';
import { placeNamedIn, toolArgumentAt } from './toolArgument';
import { allowedText, modelChoiceFields, readChoice, withValueAt } from './toolChoices';
import {
	fittingCount,
	limitReachedNote,
	moreMatchedNote,
	toolLimitsOf,
	type ToolLimits,
} from './toolLimits';

/**
 * The router's layer when the node runs as an AI agent's tool, for every operation alike: the
 * model's choice arguments are read as option values (or refused before any call), an empty list
 * is said as "no records", the records of one answer are bounded with a closing note, and an
 * error tells the model what to do next.
 */
export function startToolRun(
	ctx: IExecuteFunctions,
	fields: INodeProperties[],
	itemCount: number,
): RunLayer {
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

	const records = (itemIndex: number, data: IDataObject[]): INodeExecutionData[] => {
		const answered =
			data.length === 0
				? [noRecordsJson(node, ctx.getInputData()[itemIndex].json)]
				: bound(itemIndex, data);
		return answered.map((json) => ({ json, pairedItem: { item: itemIndex } }));
	};
	// Refused input names the model's argument: the one the check's place is filled with, or the
	// field a check's message names. A value from the user's own setting stays theirs to fix.
	const nameArgument = (error: Error): void => {
		if (hasDecision(error)) return;
		const inferable = isCheckRefusal(error) && argumentNamedIn(node, error.message) === undefined;
		const place =
			inputPlaceOf(error) ?? (inferable ? placeNamedIn(error.message, fields) : undefined);
		const argument = place && toolArgumentAt(node, fields, place);
		if (argument && (error instanceof NodeOperationError || error instanceof NodeApiError)) {
			withDecision(error, { kind: 'fixArgument', argument, missing: place.missing });
		}
	};
	// n8n hands the model only an error's message: the decision is appended to it, once.
	const told = new WeakSet<Error>();
	const failure = (error: Error): Error => {
		if (!told.has(error)) {
			nameArgument(error);
			error.message = toolErrorMessage(error, node);
			told.add(error);
		}
		return error;
	};

	return {
		context,
		refusals,
		answersWhole: true,
		answer: (itemIndex, found) =>
			records(
				itemIndex,
				found.map(({ json }) => json),
			),
		answerRun: (itemIndex, data) => records(itemIndex, Array.isArray(data) ? data : [data]),
		failure,
	};
}
