import type { INodeProperties } from 'n8n-workflow';

import { PICKERS_VERSION } from '../actions/versions';

import { ROLE_OPTIONS } from './roles';
import { listThenIdModes } from '../../shared/descriptions';

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

/** A required text field (the IDs, e-mail addresses and names the operations act on). */
export function requiredText(
	displayName: string,
	name: string,
	placeholder: string,
	description: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		required: true,
		default: '',
		placeholder,
		description,
	};
}

export const emailField = (description: string) =>
	requiredText('Email', 'email', 'e.g. nathan@example.com', description);

export const inviteCodeField = (description: string) =>
	withPicker(
		requiredText('Invite Code', 'inviteCode', 'e.g. inv-2b7e1f9a3c4d', description),
		'searchInvites',
	);

export const userIdField = () =>
	requiredText(
		'User ID',
		'userId',
		'e.g. usr-4f2a9c',
		"ID of a user who is a member of the project named in the credential: letters, digits, '.', '_' and '-' only, at most 240 characters",
	);

/** The platform's path IDs (users, keys, invites): letters, digits, '.', '_', '-', at most 240. */
const ID_PATTERN = '^\\s*[A-Za-z0-9._-]{1,240}\\s*$';

/**
 * An ID field as version 2.1 shows it, a picker (From List / By ID) in place of the text field of
 * versions 1 and 2, whose saved text values it reads alike (`extractValue`). Both are returned,
 * each shown to its versions.
 */
export function withPicker(text: INodeProperties, searchListMethod: string): INodeProperties[] {
	const { placeholder, ...rest } = text;
	const picker: INodeProperties = {
		...rest,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		...listThenIdModes(searchListMethod, {
			placeholder,
			regex: ID_PATTERN,
			errorMessage: `Not a valid ${text.displayName}: letters, digits, '.', '_' and '-' only, at most 240 characters`,
		}),
		displayOptions: { show: { '@version': [{ _cnd: { gte: PICKERS_VERSION } }] } },
	};
	return [
		{ ...text, displayOptions: { show: { '@version': [{ _cnd: { lt: PICKERS_VERSION } }] } } },
		picker,
	];
}
