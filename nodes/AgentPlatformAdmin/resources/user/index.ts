import type { INodeProperties } from 'n8n-workflow';

import { buildRoleUpdateBody, checkAnswer, checkUserId, outputOf } from '../../shared/hooks';
import { userRemoveFromProjectFields } from './removeFromProject';
import { userUpdateRoleFields } from './updateRole';

const userPath = (action: string) =>
	`=/auth/users/{{ encodeURIComponent(String($parameter.userId).trim()) }}/${action}`;

export const userDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['user'] } },
		options: [
			{
				name: 'Remove From Project',
				value: 'removeFromProject',
				action: 'Remove a user from the project',
				description:
					'Remove a user from the project named in the credential (not from the organization). Needs an Admin key.',
				routing: {
					request: { method: 'POST', url: userPath('delete') },
					send: { preSend: [checkUserId] },
					output: {
						postReceive: [
							checkAnswer('remove the user from the project', true),
							outputOf(function () {
								return {
									removed: true,
									user_id: String(this.getNodeParameter('userId', '')).trim(),
								};
							}),
						],
					},
				},
			},
			{
				name: 'Update Role',
				value: 'updateRole',
				action: 'Update the roles of a user',
				description: 'Give a project member other roles. Needs an Admin key.',
				routing: {
					request: { method: 'POST', url: userPath('update') },
					send: { preSend: [buildRoleUpdateBody] },
					output: {
						postReceive: [
							checkAnswer('update the user’s roles', true),
							outputOf(function () {
								const options = this.getNodeParameter('options', {}) as { overwrite?: boolean };
								return {
									updated: true,
									user_id: String(this.getNodeParameter('userId', '')).trim(),
									roles: this.getNodeParameter('roles', []) as string[],
									replaced_existing_roles: options.overwrite === true,
								};
							}),
						],
					},
				},
			},
		],
		default: 'updateRole',
	},
	...userUpdateRoleFields,
	...userRemoveFromProjectFields,
];
