import type { INodeProperties } from 'n8n-workflow';

import { toolAnswerLimitsField } from '../../shared/toolLimits';
import { selectorProperty } from '../helpers/fields';
import * as invite from './invite';
import * as project from './project';
import * as user from './user';

/** Resource selector and every operation's parameters. */
export const properties: INodeProperties[] = [
	selectorProperty(
		'Resource',
		[
			{ name: 'Invite', value: 'invite' },
			{ name: 'Project', value: 'project' },
			{ name: 'User', value: 'user' },
		],
		'invite',
	),
	...project.description,
	...invite.description,
	...user.description,
	// Shown only when the node is an AI agent's tool.
	toolAnswerLimitsField,
];
