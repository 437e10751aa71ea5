import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { runsAsTool } from '../../shared/tool';

/** A value left empty (in the mapper, a key or a lookup): not sent. */
export const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * What n8n's column mapper gives for an item, before it is checked to be an object: with "Map
 * Automatically", the item's own JSON (or, in an AI agent's tool run, the model's `toolRecord`,
 * parsed when it came as JSON text); otherwise the columns set by hand.
 */
export function mappedSource(
	ctx: IExecuteFunctions,
	itemIndex: number,
	mapper: IDataObject,
): unknown {
	if (mapper.mappingMode !== 'autoMapInputData') return mapper.value ?? {};
	const source: unknown = runsAsTool(ctx)
		? ctx.getNodeParameter('toolRecord', itemIndex, {})
		: ctx.getInputData()[itemIndex].json;
	if (typeof source !== 'string') return source;
	try {
		return JSON.parse(source) as unknown;
	} catch {
		// Not JSON: the caller refuses it as not an object.
		return source;
	}
}
