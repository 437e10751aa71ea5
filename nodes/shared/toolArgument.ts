import type { INode, INodeProperties } from 'n8n-workflow';

import type { InputPlace } from './inputError';
import { fromAiKeys, savedParameter } from './tool';

/**
 * Which tool argument a refused input is, as the model sees it: the `$fromAI` key that fills the
 * parameter (`Batch_ID`), with the field inside it (`record.externalCompanyId`). A parameter the
 * model does not fill is a setting of the user's, and has no argument.
 */

/** A parameter of the operation, collections walked: its dotted path and what the editor calls it. */
interface FieldEntry {
	path: string;
	displayName: string;
	default: unknown;
}

function entriesOf(fields: INodeProperties[], prefix = ''): FieldEntry[] {
	return fields.flatMap((field) => {
		const path = `${prefix}${field.name}`;
		const own = { path, displayName: field.displayName, default: field.default };
		if (field.type !== 'collection' || !Array.isArray(field.options)) return [own];
		return [own, ...entriesOf(field.options as INodeProperties[], `${path}.`)];
	});
}

/** The `$fromAI` keys at a parameter path: the saved value's, else the field's default's. */
function keysAt(node: INode, entries: FieldEntry[], path: string): string[] {
	const saved = savedParameter(node, path);
	if (saved !== undefined) return fromAiKeys(saved);
	return fromAiKeys(entries.find((entry) => entry.path === path)?.default);
}

/**
 * The argument the model sends for `place`, or undefined when the user's setting holds the value.
 * A parameter filled by several `$fromAI` keys is named as the editor does.
 */
export function toolArgumentAt(
	node: INode,
	fields: INodeProperties[],
	place: InputPlace,
): string | undefined {
	const entries = entriesOf(fields);
	if (place.key !== undefined) {
		const own = keysAt(node, entries, `${place.parameter}.${place.key}`);
		if (own.length === 1) return own[0];
	}
	const keys = keysAt(node, entries, place.parameter);
	if (keys.length === 0) return undefined;
	const name =
		keys.length === 1
			? keys[0]
			: (entries.find((entry) => entry.path === place.parameter)?.displayName ?? place.parameter);
	return place.key === undefined ? name : `${name}.${place.key}`;
}

/**
 * The parameter a check's message names by its editor name ("The batch ID … is not a whole
 * number" → `batchId`): the longest display name the message holds, in any case.
 */
export function placeNamedIn(message: string, fields: INodeProperties[]): InputPlace | undefined {
	const text = message.toLowerCase();
	const named = entriesOf(fields)
		.filter((entry) => entry.displayName.length > 2)
		.filter((entry) => text.includes(entry.displayName.toLowerCase()))
		.sort((a, b) => b.displayName.length - a.displayName.length);
	return named.length > 0 ? { parameter: named[0].path } : undefined;
}

/**
 * A message without the editor's item numbers: a tool call is one item, and "item 0" means
 * nothing to a model. "X in item 0 is …" → "X is …"; "Item 0 has …" → "This call has …".
 */
export function withoutItemNumbers(message: string): string {
	return message
		.replace(/ (?:in|of|for) item \d+\b/gi, '')
		.replace(/^Item \d+\b/, 'This call')
		.replace(/\bitem \d+\b/gi, 'this call');
}
