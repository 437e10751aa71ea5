import { nodeResources } from '../../shared/nodeResources';
import { apiCall } from './apiCall';
import { company } from './company';
import { person } from './person';

/** Resource selector and every operation's parameters; resource → operation → operation, for the router. */
export const { properties, operations } = nodeResources(
	[
		{ name: 'Person', resource: person },
		{ name: 'Company', resource: company },
		{ name: 'API Call', resource: apiCall },
	],
	'person',
);
