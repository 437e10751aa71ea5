import type { IDataObject, IN8nHttpFullResponse, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

export interface ServiceCall {
	/** What the node was doing, e.g. "create the invite". */
	action: string;
	/** Whether the service reserves the call for keys with the Admin role. */
	requiresAdmin: boolean;
	itemIndex: number;
}

function header(response: IN8nHttpFullResponse, name: string): string | undefined {
	const value = response.headers?.[name];
	return Array.isArray(value) ? value[0] : (value as string | undefined);
}

/**
 * Turns a non-2xx answer into a NodeApiError that carries the service's own message and its
 * request id (for support), and says what to change. Never includes the key.
 */
export function assertServiceSuccess(
	node: INode,
	response: IN8nHttpFullResponse,
	call: ServiceCall,
) {
	const status = response.statusCode;
	if (status >= 200 && status < 300) return;
	const body = (
		typeof response.body === 'object' && response.body !== null ? response.body : {}
	) as IDataObject;
	const serviceMessage =
		typeof body.message === 'string' && body.message ? body.message : `HTTP ${status}`;
	const requestId = header(response, 'x-request-id') ?? header(response, 'error_id');
	let fix: string;
	if (status === 401 || status === 403) {
		fix = call.requiresAdmin
			? 'This operation needs an API key with the Admin role on the project named in the credential. Create the key as an Admin under Integrations & API Keys, or ask an Admin to run it.'
			: 'Check the API key, the project ID and the region in the credential; the key must belong to the organization.';
	} else if (status === 404) {
		fix = 'Check the ID or code you entered: the service does not know it in this project.';
	} else if (status === 422 || status === 400) {
		fix = 'Correct the fields the service names and run the node again.';
	} else if (status === 429 || status >= 500) {
		fix = 'The service is busy or failing; run the node again later.';
	} else {
		fix = 'Check the node parameters and the credential.';
	}
	throw new NodeApiError(node, { ...body, statusCode: status } as JsonObject, {
		message: `The service refused to ${call.action}: ${serviceMessage}`,
		description: requestId ? `${fix} (request ID ${requestId})` : fix,
		httpCode: String(status),
		itemIndex: call.itemIndex,
	});
}
