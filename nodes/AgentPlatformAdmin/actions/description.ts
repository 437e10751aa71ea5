import type { INodeProperties } from 'n8n-workflow';

import * as invite from './invite';
import * as project from './project';
import * as user from './user';

/** Resource selector and every operation's parameters. */
export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Invite', value: 'invite' },
			{ name: 'Project', value: 'project' },
			{ name: 'User', value: 'user' },
		],
		default: 'invite',
	},
	...project.description,
	...invite.description,
	...user.description,
];
