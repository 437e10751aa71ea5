import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { ROLE_OPTIONS } from './permissions';

export function rolesField(displayOptions: IDisplayOptions, description: string): INodeProperties {
	return {
		displayName: 'Roles',
		name: 'roles',
		type: 'multiOptions',
		required: true,
		options: ROLE_OPTIONS,
		default: [],
		description,
		displayOptions,
	};
}

export function emailField(displayOptions: IDisplayOptions, description: string): INodeProperties {
	return {
		displayName: 'Email',
		name: 'email',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. nathan@example.com',
		description,
		displayOptions,
	};
}

export function inviteCodeField(
	displayOptions: IDisplayOptions,
	description: string,
): INodeProperties {
	return {
		displayName: 'Invite Code',
		name: 'inviteCode',
		type: 'string',
		required: true,
		default: '',
		description,
		displayOptions,
	};
}

export function userIdField(displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'User ID',
		name: 'userId',
		type: 'string',
		required: true,
		default: '',
		description: 'ID of a user who is a member of the project named in the credential',
		displayOptions,
	};
}
