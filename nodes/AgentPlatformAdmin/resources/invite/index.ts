import type { INodeProperties } from 'n8n-workflow';

import {
	buildInviteBody,
	buildInviteDeleteBody,
	checkAnswer,
	inviteOutput,
	outputOf,
} from '../../shared/hooks';
import { inviteChangeRoleFields } from './changeRole';
import { inviteCreateFields } from './create';
import { inviteDeleteFields } from './delete';

export const inviteDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['invite'] } },
		options: [
			{
				name: 'Change Role',
				value: 'changeRole',
				action: 'Change the roles of an invite',
				description:
					'Replace an invite with a new one that has other roles (the service cannot edit an invite). Needs an Admin key.',
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Invite a user to the project',
				description: 'Invite someone to the project with one or more roles. Needs an Admin key.',
				routing: {
					request: { method: 'POST', url: '/auth/invite/create' },
					send: { preSend: [buildInviteBody] },
					output: { postReceive: [checkAnswer('create the invite', true), inviteOutput] },
				},
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete an invite',
				description: 'Delete a pending invite by its code. Needs an Admin key.',
				routing: {
					request: { method: 'POST', url: '/auth/invite/delete' },
					send: { preSend: [buildInviteDeleteBody] },
					output: {
						postReceive: [
							checkAnswer('delete the invite', true),
							outputOf(() => ({ deleted: true })),
						],
					},
				},
			},
		],
		default: 'create',
	},
	...inviteCreateFields,
	...inviteDeleteFields,
	...inviteChangeRoleFields,
];
