import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * Refused input, and the parameter it came from. An editor run shows the message as the check
 * wrote it; an AI agent's tool run (`toolRun.ts`) names the argument the model filled that
 * parameter with, so the model knows which argument to change.
 */

/** Where a refused value came from. */
export interface InputPlace {
	/** The node parameter's path, dotted into collections: `batchId`, `options.timeLimit`. */
	parameter: string;
	/** A key inside the parameter's value (a record's field, a JSON object's input): `externalCompanyId`. */
	key?: string;
	/** The value is missing (add it), rather than wrong (change it). */
	missing?: boolean;
}

const PLACE_KEY = 'inputPlace';
const CHECK_KEY = 'inputCheck';

/** Marks an error as refused input from `place` (a NodeApiError too: a service that named an input). */
export function withInputPlace<E extends NodeApiError | NodeOperationError>(
	error: E,
	place: InputPlace,
): E {
	error.context[PLACE_KEY] = { ...place } as IDataObject;
	return error;
}

/** Refused input of one item, before any call: what is wrong, how to fix it, and where it came from. */
export function inputError(
	node: INode,
	itemIndex: number,
	place: InputPlace,
	message: string,
	description: string,
): NodeOperationError {
	return withInputPlace(new NodeOperationError(node, message, { itemIndex, description }), place);
}

/** The place an error was marked with, if any. */
export function inputPlaceOf(error: Error): InputPlace | undefined {
	if (!(error instanceof NodeOperationError) && !(error instanceof NodeApiError)) return undefined;
	return error.context[PLACE_KEY] as InputPlace | undefined;
}

/**
 * Marks a NodeOperationError an operation's `check` threw (the router does, for every check):
 * it refused the item's input before any call, so it is about a parameter even where the check
 * did not say which.
 */
export function markCheckRefusal(error: Error): void {
	if (error instanceof NodeOperationError) error.context[CHECK_KEY] = true;
}

export function isCheckRefusal(error: Error): boolean {
	return error instanceof NodeOperationError && error.context[CHECK_KEY] === true;
}
