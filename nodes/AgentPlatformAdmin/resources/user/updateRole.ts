import type { INodeProperties } from 'n8n-workflow';

import { rolesField, userIdField } from '../../shared/fields';

const showFor = { show: { resource: ['user'], operation: ['updateRole'] } };

export const userUpdateRoleFields: INodeProperties[] = [
	userIdField(showFor),
	rolesField(
		showFor,
		'Roles to give the user. By default they are merged into the roles the user already has; turn on Replace Existing Roles to make them the only ones.',
	),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: showFor,
		options: [
			{
				displayName: 'Replace Existing Roles',
				name: 'overwrite',
				type: 'boolean',
				default: false,
				description:
					'Whether the chosen roles replace all of the user’s roles in the project (on) or are merged into them (off, the service’s default). Turn it on to take a role away, e.g. to go from Editor to Viewer.',
			},
		],
	},
];
