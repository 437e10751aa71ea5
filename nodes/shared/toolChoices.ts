import type {
	IDataObject,
	INode,
	INodeParameters,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	NodeParameterValueType,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { echo } from './echo';
import { fromAiKeys } from './tool';

/**
 * Options and multi-options fields filled by a model (`$fromAI`). A model writes text: an option's
 * name or value, in any case, with or without punctuation, several as a comma-separated list or a
 * JSON array. Each is matched exactly (never as a substring) against the field's options; anything
 * unknown is refused before any call, with the allowed values.
 */

/** A choice field the model fills: its parameter path (`filters.companySize`), options and argument. */
export interface ModelChoiceField {
	path: string;
	property: INodeProperties;
	options: INodePropertyOptions[];
	argument: string;
}

const isOptionList = (options: INodeProperties['options']): options is INodePropertyOptions[] =>
	Array.isArray(options) &&
	options.every((option) => typeof option === 'object' && option !== null && 'value' in option);

const isChoice = (property: INodeProperties) =>
	(property.type === 'options' || property.type === 'multiOptions') &&
	isOptionList(property.options);

/**
 * The options the editor offers this node: an option may be shown for some node versions only
 * (e.g. an operation value renamed in a later version).
 */
export function shownOptions(options: INodePropertyOptions[], node: INode): INodePropertyOptions[] {
	return options.filter((option) =>
		isShown(node, node.parameters, option as unknown as INodeProperties),
	);
}

/** Whether the editor shows `property` where the values beside it are `values`. */
function isShown(node: INode, values: INodeParameters, property: INodeProperties): boolean {
	return (
		!property.displayOptions ||
		NodeHelpers.displayParameter(values, property, node, null, node.parameters)
	);
}

/**
 * The choice fields of `properties` (an operation's fields) whose value in the node holds a
 * `$fromAI` argument, searched through collections and fixed collections. Of same-named
 * properties (one per node version), the one shown for this node.
 */
export function modelChoiceFields(node: INode, properties: INodeProperties[]): ModelChoiceField[] {
	const fields: ModelChoiceField[] = [];
	const visit = (props: INodeProperties[], values: IDataObject, prefix: string) => {
		const seen = new Set<string>();
		for (const property of props) {
			if (seen.has(property.name) || !(property.name in values)) continue;
			if (!isShown(node, values as INodeParameters, property)) continue;
			seen.add(property.name);
			const value = values[property.name];
			const path = `${prefix}${property.name}`;
			if (isChoice(property)) {
				const [argument] = fromAiKeys(value);
				if (argument) {
					fields.push({
						path,
						property,
						options: shownOptions(property.options as INodePropertyOptions[], node),
						argument,
					});
				}
			} else if (property.type === 'collection' && isPlainObject(value)) {
				visit((property.options ?? []) as INodeProperties[], value, `${path}.`);
			} else if (property.type === 'fixedCollection' && isPlainObject(value)) {
				for (const group of (property.options ?? []) as INodePropertyCollection[]) {
					const entries = value[group.name];
					if (Array.isArray(entries)) {
						entries.forEach((entry, index) => {
							if (isPlainObject(entry))
								visit(group.values, entry, `${path}.${group.name}[${index}].`);
						});
					} else if (isPlainObject(entries)) {
						visit(group.values, entries, `${path}.${group.name}.`);
					}
				}
			}
		}
	};
	visit(properties, node.parameters as IDataObject, '');
	return fields;
}

function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text compared without case, accents, spaces or punctuation: "AU-VIC" = "au vic" = "auvic". */
export function looseKey(text: string): string {
	return text
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]/g, '');
}

/** The option a model's text names: its value or name, exactly, then without case and punctuation. */
function match(options: INodePropertyOptions[], text: string): INodePropertyOptions | undefined {
	const exact = text.trim().toLowerCase();
	const byExact = options.filter(
		(option) => String(option.value).toLowerCase() === exact || option.name.toLowerCase() === exact,
	);
	if (byExact.length > 0) return byExact[0];
	const key = looseKey(text);
	if (!key) return undefined;
	const byLoose = options.filter(
		(option) => looseKey(String(option.value)) === key || looseKey(option.name) === key,
	);
	// Two options that differ only in punctuation are not guessed between.
	return new Set(byLoose.map((option) => option.value)).size === 1 ? byLoose[0] : undefined;
}

/** The allowed values as a model reads them: each name, with its value where the two differ. */
export function allowedText(options: INodePropertyOptions[]): string {
	return options
		.map((option) =>
			looseKey(option.name) === looseKey(String(option.value))
				? option.name
				: `${option.name} (${String(option.value)})`,
		)
		.join(', ');
}

/**
 * The parts of a model's multi-choice text: a JSON array's elements, or the comma-separated parts
 * (parts are joined back where an option's own name holds a comma).
 */
function parts(options: INodePropertyOptions[], value: unknown): string[] {
	if (Array.isArray(value)) return value.map((part) => String(part));
	const text = String(value ?? '').trim();
	if (text.startsWith('[')) {
		try {
			const parsed: unknown = JSON.parse(text);
			if (Array.isArray(parsed)) return parsed.map((part) => String(part));
		} catch {
			// not JSON: read as a comma-separated list
		}
	}
	const pieces = text.split(',');
	const result: string[] = [];
	for (let start = 0; start < pieces.length; ) {
		let end = pieces.length;
		while (end > start + 1 && !match(options, pieces.slice(start, end).join(','))) end--;
		result.push(pieces.slice(start, end).join(','));
		start = end;
	}
	return result.map((part) => part.trim()).filter((part) => part !== '');
}

/** A model's choice read as the field's option value(s), or the refusal's text. */
export function readChoice(
	field: ModelChoiceField,
	value: unknown,
): { value: NodeParameterValueType } | { refusal: string } {
	const { options, argument, property } = field;
	const allowed = allowedText(options);
	if (property.type === 'multiOptions') {
		const chosen: Array<string | number | boolean> = [];
		const unknown: string[] = [];
		for (const part of parts(options, value)) {
			const option = match(options, part);
			if (!option) unknown.push(part);
			else if (!chosen.includes(option.value)) chosen.push(option.value);
		}
		if (unknown.length > 0) {
			return {
				refusal: `${unknown.map((part) => `'${echo(part)}'`).join(', ')} in the argument '${argument}' ${unknown.length === 1 ? 'is not a choice' : 'are not choices'} of ${property.displayName}: use ${allowed} (several separated by commas)`,
			};
		}
		return { value: chosen as NodeParameterValueType };
	}
	const text = Array.isArray(value) && value.length === 1 ? String(value[0]) : value;
	if (typeof text === 'string' || typeof text === 'number' || typeof text === 'boolean') {
		const option = match(options, String(text));
		if (option) return { value: option.value };
		if (String(text).trim() === '') {
			return { refusal: `The argument '${argument}' is empty: choose one of ${allowed}` };
		}
		return {
			refusal: `'${echo(String(text))}' in the argument '${argument}' is not a choice of ${property.displayName}: use one of ${allowed}`,
		};
	}
	return { refusal: `The argument '${argument}' is not text: send one of ${allowed}` };
}

/** Sets `value` at `path` (`a.b[0].c`) below `target`, copying what it changes. */
export function withValueAt(target: unknown, path: string, value: unknown): unknown {
	const [head, ...rest] = path.match(/[^.[\]]+/g) ?? [];
	if (head === undefined) return value;
	const restPath = rest.join('.');
	if (Array.isArray(target)) {
		const copy = [...target];
		copy[Number(head)] = withValueAt(copy[Number(head)], restPath, value);
		return copy;
	}
	const object = isPlainObject(target) ? target : {};
	return { ...object, [head]: withValueAt(object[head], restPath, value) };
}
