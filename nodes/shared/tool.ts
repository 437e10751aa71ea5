import type { IDataObject, INode } from 'n8n-workflow';

import { perExecution } from './perExecution';

/**
 * Running as an AI agent's tool. n8n builds a `<type>Tool` variant of every node with
 * `usableAsTool`; the agent fills the parameters written as `$fromAI('key', …)` with the model's
 * arguments, and hands the node one item made of the agent's own input item, the arguments and
 * n8n's tool-call fields (`toolCallId`).
 */

/**
 * The longest an AI agent's tool call waits for a service's rate window: a model waiting minutes
 * gets no answer at all, so past this it is told at once to call again when the window resets.
 */
export const TOOL_MAX_RATE_WAIT_MS = 30_000;

/** Whether this node runs as a tool of an AI agent (n8n's `<type>Tool` variant). */
export function isToolRun(node: INode): boolean {
	return node.type.endsWith('Tool');
}

/**
 * `isToolRun` for code that asks for every item: read once per execution, since n8n copies the
 * whole node, its parameters included, on every `getNode()`.
 */
export const runsAsTool = perExecution((ctx) => isToolRun(ctx.getNode()));

/** `$fromAI('key'` (n8n also accepts `$fromAi` and `$fromai`); the key as n8n allows it. */
const FROM_AI = /\$from(?:AI|Ai|ai)\(\s*(['"`])([A-Za-z0-9_-]{1,64})\1/g;

/** The `$fromAI` keys in a parameter value, searched through collections and lists. */
export function fromAiKeys(value: unknown): string[] {
	const keys = new Set<string>();
	const visit = (part: unknown) => {
		if (typeof part === 'string') {
			for (const match of part.matchAll(FROM_AI)) keys.add(match[2]);
		} else if (Array.isArray(part)) {
			part.forEach(visit);
		} else if (part !== null && typeof part === 'object') {
			Object.values(part).forEach(visit);
		}
	};
	visit(value);
	return [...keys];
}

/**
 * The argument the model fills this parameter with, when the node runs as a tool and the
 * parameter is a single `$fromAI(…)` (a dotted path reaches into collections), else undefined.
 */
export function toolArgumentOf(node: INode, parameterPath: string): string | undefined {
	if (!isToolRun(node)) return undefined;
	const keys = fromAiKeys(savedParameter(node, parameterPath));
	return keys.length === 1 ? keys[0] : undefined;
}

/** A parameter's value as saved in the node; a dotted path (`options.timeLimit`) walks into it. */
export function savedParameter(node: INode, path: string): unknown {
	let value: unknown = node.parameters;
	for (const part of path.split('.')) {
		value = value !== null && typeof value === 'object' ? (value as IDataObject)[part] : undefined;
	}
	return value;
}

/**
 * Where a value came from, for a message: the tool argument the model was given (`the argument
 * 'email'`) when the node runs as a tool, else the editor's field and the item (`the 'Email'
 * field of item 0`).
 */
export function fieldPlace(
	node: INode,
	itemIndex: number,
	parameterPath: string,
	displayName: string,
): string {
	const argument = toolArgumentOf(node, parameterPath);
	return argument === undefined
		? `the '${displayName}' field of item ${itemIndex}`
		: `the argument '${argument}'`;
}

/**
 * The tool arguments in an item: the fields the node's `$fromAI` parameters name. The rest of a
 * tool run's item (the agent's own input such as `chatInput` and `sessionId`, n8n's `toolCallId`)
 * is not the model's data. Outside a tool run, the whole item.
 */
export function toolArguments(node: INode, json: IDataObject): IDataObject {
	if (!isToolRun(node)) return json;
	const keys = new Set(fromAiKeys(node.parameters));
	return Object.fromEntries(Object.entries(json).filter(([key]) => keys.has(key)));
}

/**
 * What a tool answers for an empty list result. n8n hands the model `""` for no output item, which a
 * model cannot tell from a failure; this says "no records" and repeats what was asked for.
 */
export function noRecordsJson(node: INode, json: IDataObject): IDataObject {
	return {
		found: false,
		message: 'No records: nothing matches this request',
		query: toolArguments(node, json),
	};
}
