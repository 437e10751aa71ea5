import type { INodeProperties } from 'n8n-workflow';

import { toolAnswerLimitsField } from '../../shared/toolLimits';
import { selectorProperty } from '../helpers/fields';
import * as agent from './agent';
import * as apiKey from './apiKey';
import * as invite from './invite';
import * as organization from './organization';
import * as project from './project';
import * as tool from './tool';
import * as user from './user';

/** Resource selector and every operation's parameters. */
export const properties: INodeProperties[] = [
	selectorProperty(
		'Resource',
		[
			{ name: 'Agent', value: 'agent' },
			{ name: 'API Key', value: 'apiKey' },
			{ name: 'Invite', value: 'invite' },
			{ name: 'Organization', value: 'organization' },
			{ name: 'Project', value: 'project' },
			{ name: 'Tool', value: 'tool' },
			{ name: 'User', value: 'user' },
		],
		'invite',
	),
	...project.description,
	...invite.description,
	...user.description,
	...agent.description,
	...tool.description,
	...apiKey.description,
	...organization.description,
	// Shown only when the node is an AI agent's tool.
	toolAnswerLimitsField,
];
