import { nodeResources } from '../../shared/nodeResources';
import { account } from './account';
import { apiCall } from './apiCall';
import { company } from './company';
import { contact } from './contact';

/** Resource selector and every operation's parameters; resource → operation → operation, for the router. */
export const { properties, operations } = nodeResources(
	[
		{ name: 'Contact', resource: contact },
		{ name: 'Company', resource: company },
		{ name: 'Account', resource: account },
		{ name: 'API Call', resource: apiCall },
	],
	'contact',
);
