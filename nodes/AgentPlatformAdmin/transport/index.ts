import type { IDataObject, IExecuteFunctions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { adminBaseUrl } from '../shared/regions';
import { assertServiceSuccess, type ServiceCall } from '../shared/serviceErrors';

export const CREDENTIAL_TYPE = 'agentPlatformApi';

/** The one place the admin node's coded operations call the service (routing covers the rest). */
export async function adminRequest(
	this: IExecuteFunctions,
	path: string,
	body: IDataObject,
	call: ServiceCall,
): Promise<IDataObject> {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE, call.itemIndex);
	let response: IN8nHttpFullResponse;
	try {
		response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, {
			method: 'POST',
			baseURL: adminBaseUrl(credentials),
			url: path,
			body,
			json: true,
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		throw new NodeApiError(
			this.getNode(),
			{ message: (error as Error).message },
			{
				message: `Could not reach the service to ${call.action}: ${(error as Error).message}`,
				description:
					'Check the region or base URL in the credential and that the service is reachable.',
				itemIndex: call.itemIndex,
			},
		);
	}
	assertServiceSuccess(this.getNode(), response, call);
	return (
		typeof response.body === 'object' && response.body !== null ? response.body : {}
	) as IDataObject;
}
