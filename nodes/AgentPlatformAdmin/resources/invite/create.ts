import type { INodeProperties } from 'n8n-workflow';

import { emailField, rolesField } from '../../shared/fields';

const showFor = { show: { resource: ['invite'], operation: ['create'] } };

export const inviteCreateFields: INodeProperties[] = [
	emailField(
		showFor,
		'E-mail address of the person to invite. Someone who already belongs to the organization is added to the project at once (the invite is auto-accepted).',
	),
	rolesField(showFor, 'Roles the invitee gets in the project named in the credential'),
];
