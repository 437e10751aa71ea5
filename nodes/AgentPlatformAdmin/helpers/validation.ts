import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { echo, isControl } from '../../shared/echo';
import { fieldPlace, isToolRun } from '../../shared/tool';
import { isValidEmail } from '../../shared/validation';
import { normaliseRole, ROLE_NAMES } from './roles';

/** Checks of one item's input, run before any call; each message names the field and the item. */

/** The parameter behind each field label, to name a tool argument when the node runs as a tool. */
const PARAMETERS: Record<string, string> = {
	Name: 'name',
	Description: 'description',
	'Organization ID': 'organizationId',
	Email: 'email',
	Roles: 'roles',
	'Invite Code': 'inviteCode',
	'User ID': 'userId',
	Project: 'project',
	Agent: 'agentId',
	'Conversation ID': 'conversationId',
	Message: 'message',
	Tool: 'toolId',
	Inputs: 'inputsJson',
	'API Key ID': 'keyId',
};

/** `the 'Email' field of item 0`, or `the argument 'email'` when a model filled it as a tool. */
export function place(node: INode, itemIndex: number, field: string): string {
	return fieldPlace(node, itemIndex, PARAMETERS[field] ?? field, field);
}

/** The same, starting a sentence. */
export function placeStart(node: INode, itemIndex: number, field: string): string {
	const text = place(node, itemIndex, field);
	return text.charAt(0).toUpperCase() + text.slice(1);
}

export function refuse(
	node: INode,
	itemIndex: number,
	message: string,
	description: string,
): never {
	throw new NodeOperationError(node, message, { itemIndex, description });
}

/**
 * A single value as text: strings trimmed, finite numbers as their digits (the service expects
 * strings), nothing as ''. Objects, lists and other values from expressions are refused.
 */
export function readText(node: INode, itemIndex: number, value: unknown, field: string): string {
	if (typeof value === 'string') return value.trim();
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (value === undefined || value === null) return '';
	const kind = Array.isArray(value)
		? 'a list'
		: typeof value === 'object'
			? 'an object'
			: `a ${typeof value}`;
	return refuse(
		node,
		itemIndex,
		isToolRun(node)
			? `${placeStart(node, itemIndex, field)} is ${kind}, not text: send one value as text`
			: `${placeStart(node, itemIndex, field)} is ${kind}, not text: map a single value, e.g. {{ $json.id }}`,
		`An expression in '${field}' returned ${echo(JSON.stringify(value) ?? String(value))}. Map the one property you need.`,
	);
}

/** A list, or comma-separated text, as its values' texts (each checked as above), none empty. */
export function readTextList(node: INode, itemIndex: number, value: unknown, field: string) {
	const list = Array.isArray(value) ? value : readText(node, itemIndex, value, field).split(',');
	return list.map((entry) => readText(node, itemIndex, entry, field)).filter(Boolean);
}

export function requireText(node: INode, itemIndex: number, value: unknown, field: string): string {
	const text = readText(node, itemIndex, value, field);
	if (!text) {
		refuse(
			node,
			itemIndex,
			`${placeStart(node, itemIndex, field)} is empty`,
			`Enter a value for '${field}', or map one with an expression that is not empty for every item.`,
		);
	}
	return text;
}

/** A kind of ID: its field, what it is called, and the form the service accepts. */
export interface IdForm {
	field: string;
	noun: string;
	/** The allowed form, as said to the user. */
	rule: string;
	test(id: string): boolean;
}

const MAX_ID_LENGTH = 240;

/** The service's user IDs: letters, digits, `.`, `_`, `-`, at most 240, and not a dot segment. */
export const USER_ID: IdForm = {
	field: 'User ID',
	noun: 'a user ID',
	rule: "use letters, digits, '.', '_' and '-' only (at most 240 characters), and not '.' or '..'",
	test: (id) => /^[A-Za-z0-9._-]{1,240}$/.test(id) && id !== '.' && id !== '..',
};

/** IDs whose form the service does not document: one token, safe in a URL, not over-long. */
function opaqueId(field: string, noun: string): IdForm {
	return {
		field,
		noun,
		rule: `it may not contain spaces, control characters or / ? # %, and has at most ${MAX_ID_LENGTH} characters`,
		test: (id) =>
			id.length <= MAX_ID_LENGTH && !/[\s/?#%]/.test(id) && !Array.from(id).some(isControl),
	};
}

export const INVITE_CODE = opaqueId('Invite Code', 'an invite code');
export const ORGANIZATION_ID = opaqueId('Organization ID', 'an organization ID');
export const AGENT_ID = opaqueId('Agent', 'an agent ID');
export const CONVERSATION_ID = opaqueId('Conversation ID', 'a conversation ID');
export const TOOL_ID = opaqueId('Tool', 'a tool ID');
export const API_KEY_ID = opaqueId('API Key ID', 'an API key ID');
export const WORKFORCE_ID = opaqueId('Workforce', 'a workforce ID');
export const WORKFORCE_TASK_ID = opaqueId('Task ID', 'a workforce task ID');
export const KNOWLEDGE_SET = opaqueId('Knowledge Table', 'a knowledge table name');
export const ROW_ID = opaqueId('Row ID', 'a row ID');

export function requireId(node: INode, itemIndex: number, value: unknown, form: IdForm): string {
	const id = requireText(node, itemIndex, value, form.field);
	if (!form.test(id)) {
		refuse(
			node,
			itemIndex,
			`'${echo(id)}' in ${place(node, itemIndex, form.field)} is not ${form.noun}: ${form.rule}`,
			`Copy the ${form.field} exactly as the service shows it, or fix the expression that maps it.`,
		);
	}
	return id;
}

export function requireEmail(node: INode, itemIndex: number, value: unknown): string {
	const email = requireText(node, itemIndex, value, 'Email');
	if (!isValidEmail(email)) {
		refuse(
			node,
			itemIndex,
			`'${echo(email)}' in ${place(node, itemIndex, 'Email')} is not an e-mail address${isToolRun(node) ? ': send one address such as name@example.com' : ''}`,
			'Enter an address such as name@example.com.',
		);
	}
	return email;
}

const ROLE_HELP = `Choose ${ROLE_NAMES}. In an expression, the names work in any case, with or without 'role:' (e.g. "editor" or "role:editor").`;

/** The chosen roles in their wire form (`admin`, `role:editor`, `role:viewer`), without repeats. */
export function requireRoles(node: INode, itemIndex: number, value: unknown): string[] {
	const roles = readTextList(node, itemIndex, value, 'Roles');
	if (roles.length === 0) {
		refuse(
			node,
			itemIndex,
			`No role chosen in ${place(node, itemIndex, 'Roles')}: choose ${ROLE_NAMES}`,
			ROLE_HELP,
		);
	}
	const wire = roles.map((role) => {
		const known = normaliseRole(role);
		if (known === undefined) {
			refuse(
				node,
				itemIndex,
				`'${echo(role)}' in ${place(node, itemIndex, 'Roles')} is not a role the service knows: use ${ROLE_NAMES}`,
				ROLE_HELP,
			);
		}
		return known;
	});
	return [...new Set(wire)];
}

/** The checked ID of an ID parameter (`userId`, `agentId`, …) of one item: a picker or text. */
export function readIdParameter(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	form: IdForm,
): string {
	// A picker's value (version 2.1) or the text of versions 1 and 2.
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
	return requireId(ctx.getNode(), itemIndex, value, form);
}
