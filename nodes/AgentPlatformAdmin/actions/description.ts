import { nodeResources } from '../../shared/nodeResources';
import { agent } from './agent';
import { apiKey } from './apiKey';
import { invite } from './invite';
import { organization } from './organization';
import { project } from './project';
import { tool } from './tool';
import { user } from './user';

/** Resource selector and every operation's parameters; resource → operation → operation, for the router. */
export const { properties, operations } = nodeResources(
	[
		{ name: 'Agent', resource: agent },
		{ name: 'API Key', resource: apiKey },
		{ name: 'Invite', resource: invite },
		{ name: 'Organization', resource: organization },
		{ name: 'Project', resource: project },
		{ name: 'Tool', resource: tool },
		{ name: 'User', resource: user },
	],
	'invite',
);
