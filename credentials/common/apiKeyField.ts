import type { INodeProperties } from 'n8n-workflow';

/**
 * A service's API key, as every credential of the package asks for it (the node's transport sends
 * it in a header, never in a URL); `where` tells the user where the service shows it.
 */
export function apiKeyProperty(where: string): INodeProperties {
	return {
		displayName: 'API Key',
		name: 'apiKey',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		required: true,
		description: where,
	};
}
