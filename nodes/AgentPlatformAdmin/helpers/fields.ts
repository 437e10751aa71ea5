import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { ROLE_OPTIONS } from './roles';

/** Field builders shared by the operations. */

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
		placeholder: 'e.g. inv-2b7e1f9a3c4d',
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
		placeholder: 'e.g. usr-4f2a9c',
		description:
			"ID of a user who is a member of the project named in the credential: letters, digits, '.', '_' and '-' only, at most 240 characters",
	};
}
