import type { INodeProperties } from 'n8n-workflow';

import type { Resource, ResourceOperations } from '../../shared/operation';
import { toolAnswerLimitsField } from '../../shared/toolLimits';
import { selectorProperty } from '../helpers/fields';
import { agent } from './agent';
import { apiKey } from './apiKey';
import { invite } from './invite';
import { organization } from './organization';
import { project } from './project';
import { tool } from './tool';
import { user } from './user';

const resources: Resource[] = [agent, apiKey, invite, organization, project, tool, user];

/** Resource value → operation value → operation, for the router. */
export const operations: ResourceOperations = Object.fromEntries(
	resources.map((resource) => [resource.value, resource.operations]),
);

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
	...resources.flatMap((resource) => resource.properties),
	// Shown only when the node is an AI agent's tool.
	toolAnswerLimitsField,
];
