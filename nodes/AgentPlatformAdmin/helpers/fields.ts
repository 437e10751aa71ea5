import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ROLE_OPTIONS } from './roles';

/** Field builders shared by the operations; `operationFields` shows them for one operation. */

/** An operation's fields, shown only for that operation of that resource. */
export function operationFields(
	resource: string,
	operation: string,
	properties: INodeProperties[],
): INodeProperties[] {
	return updateDisplayOptions(
		{ show: { resource: [resource], operation: [operation] } },
		properties,
	);
}

/** A Resource or Operation selector: options sorted by name, not settable by an expression. */
export function selectorProperty(
	displayName: 'Resource' | 'Operation',
	options: INodePropertyOptions[],
	defaultValue: string,
	displayOptions?: IDisplayOptions,
): INodeProperties {
	return {
		displayName,
		name: displayName.toLowerCase(),
		type: 'options',
		noDataExpression: true,
		...(displayOptions ? { displayOptions } : {}),
		options: [...options].sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultValue,
	};
}

/** The Operation parameter of a resource, from its operations' option objects. */
export function operationProperty(
	resource: string,
	options: INodePropertyOptions[],
	defaultOperation: string,
): INodeProperties {
	return selectorProperty('Operation', options, defaultOperation, {
		show: { resource: [resource] },
	});
}

export function rolesField(description: string): INodeProperties {
	return {
		displayName: 'Roles',
		name: 'roles',
		type: 'multiOptions',
		required: true,
		options: ROLE_OPTIONS,
		default: [],
		description: `${description.replace(/\.$/, '')}. From an expression or an AI agent: a list or comma-separated text of Admin, Editor and Viewer, in any case, with or without 'role:' (e.g. "editor, viewer").`,
	};
}

export function emailField(description: string): INodeProperties {
	return {
		displayName: 'Email',
		name: 'email',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. nathan@example.com',
		description,
	};
}

export function inviteCodeField(description: string): INodeProperties {
	return {
		displayName: 'Invite Code',
		name: 'inviteCode',
		type: 'string',
		required: true,
		default: '',
		description,
	};
}

export function userIdField(): INodeProperties {
	return {
		displayName: 'User ID',
		name: 'userId',
		type: 'string',
		required: true,
		default: '',
		description:
			"ID of a user who is a member of the project named in the credential: letters, digits, '.', '_' and '-' only, at most 240 characters",
	};
}
