import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { inputError } from '../../../shared/inputError';
import { itemParameter } from '../../../shared/itemParameters';
import { shorten, splitValues } from '../parameters';

/**
 * Named account lists have no search by anything but name or ID, so no "From list" picker can
 * list them: their ID comes from Get Many (by name) or from an earlier node.
 */
export const listIdField: INodeProperties = {
	displayName: 'Named Account List ID',
	name: 'namedAccountListId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. dff23271-f996-47d7-984f-f2676861b5fb',
	description:
		'The marketoGUID of the named account list. Named Account List → Get Many by name gives it.',
};

/** A list's Name parameter: the new list's name (Create) or the list to delete. */
export const nameField = (description: string): INodeProperties => ({
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. Target accounts Q1',
	description: `${description}. One list per item; 300 per call.`,
});

/** An item's list name, trimmed; empty is refused (the service would skip it per record). */
export function readName(ctx: IExecuteFunctions, itemIndex: number, fix: string): string {
	const name = String(itemParameter<unknown>(ctx, 'name', itemIndex, '') ?? '').trim();
	if (!name) {
		throw inputError(
			ctx.getNode(),
			itemIndex,
			{ parameter: 'name', missing: true },
			`The name is empty in item ${itemIndex}`,
			fix,
		);
	}
	return name;
}

/** A marketoGUID as the service writes them: letters, digits and hyphens. */
const GUID = /^[A-Za-z0-9][A-Za-z0-9-]{0,99}$/;

/** An item's one marketoGUID parameter, checked. */
export function readGuid(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
): string {
	const text = String(itemParameter<unknown>(ctx, name, itemIndex, '') ?? '').trim();
	if (!GUID.test(text)) {
		throw inputError(
			ctx.getNode(),
			itemIndex,
			{ parameter: name, missing: text === '' },
			text === ''
				? `The ${label} is empty in item ${itemIndex}`
				: `The ${label} ${shorten(text)} in item ${itemIndex} is not a marketoGUID`,
			`Give the ${label}: a marketoGUID such as dff23271-f996-47d7-984f-f2676861b5fb (Get Many gives it).`,
		);
	}
	return text;
}

/** An item's list of marketoGUIDs (comma-separated or an array), each checked. */
export function readGuidList(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
): string[] {
	const values = splitValues(itemParameter<unknown>(ctx, name, itemIndex, ''));
	const bad = values.find((value) => !GUID.test(value));
	if (values.length === 0 || bad !== undefined) {
		throw inputError(
			ctx.getNode(),
			itemIndex,
			{ parameter: name, missing: values.length === 0 },
			values.length === 0
				? `No ${label} given in item ${itemIndex}`
				: `${shorten(bad)} in ${label} of item ${itemIndex} is not a marketoGUID`,
			`Give the named accounts' marketoGUIDs, separated by commas, e.g. {{ $json.marketoGUID }} (Named Account → Get Many gives them).`,
		);
	}
	return values;
}
