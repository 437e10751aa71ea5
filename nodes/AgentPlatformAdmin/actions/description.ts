import { nodeResources } from '../../shared/nodeResources';
import { agent } from './agent';
import { apiKey } from './apiKey';
import { conversation } from './conversation';
import { invite } from './invite';
import { knowledge } from './knowledge';
import { organization } from './organization';
import { project } from './project';
import { tool } from './tool';
import { user } from './user';
import { workforce } from './workforce';

/** Resource selector and every operation's parameters; resource → operation → operation, for the router. */
export const { properties, operations } = nodeResources(
	[
		{ name: 'Agent', resource: agent },
		{ name: 'API Key', resource: apiKey },
		{ name: 'Conversation', resource: conversation },
		{ name: 'Invite', resource: invite },
		{ name: 'Knowledge', resource: knowledge },
		{ name: 'Organization', resource: organization },
		{ name: 'Project', resource: project },
		{ name: 'Tool', resource: tool },
		{ name: 'User', resource: user },
		{ name: 'Workforce', resource: workforce },
	],
	'invite',
);
