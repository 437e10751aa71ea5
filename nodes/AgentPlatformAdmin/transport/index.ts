import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodePropertyRouting,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { ADMIN_BASE_URL_EXPRESSION, adminBaseUrl } from './baseUrl';
import { assertServiceSuccess, mayHaveRunError, type ServiceCall } from './errors';

export { ADMIN_BASE_URL_EXPRESSION, adminBaseUrl } from './baseUrl';
export type { ServiceCall } from './errors';

/** The one place the admin node talks to the service: its routing defaults and its coded calls. */

export const CREDENTIAL_TYPE = 'agentPlatformApi';

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

/** Defaults of every declarative request; `adminRouting` checks each answer's status itself. */
export const requestDefaults = {
	baseURL: ADMIN_BASE_URL_EXPRESSION,
	headers: JSON_HEADERS,
	ignoreHttpStatusErrors: true,
};

/** Path of a user operation; the (checked) user ID is always encoded as one path segment. */
export function userPath(userId: string, action: 'update' | 'delete'): string {
	return `/auth/users/${encodeURIComponent(userId)}/${action}`;
}

/** Sets a declarative request's body; an empty object goes as JSON text (n8n drops `{}`). */
export function withBody(options: IHttpRequestOptions, body: IDataObject): IHttpRequestOptions {
	options.body = Object.keys(body).length === 0 ? '{}' : body;
	return options;
}

function answerBody(response: IN8nHttpFullResponse): IDataObject {
	return (
		typeof response.body === 'object' && response.body !== null ? response.body : {}
	) as IDataObject;
}

/** The service marks an invite that an existing organization member accepted at once. */
export function isAutoAccepted(answer: IDataObject): boolean {
	return (
		answer.accepted === true || answer.status === 'accepted' || answer.email_status === 'accepted'
	);
}

/** Fails the item on any non-2xx answer (requests run with ignoreHttpStatusErrors). */
function checkAnswer(action: string, requiresAdmin: boolean, creates?: string): PostReceiveAction {
	return async function (this, items, response) {
		assertServiceSuccess(this.getNode(), response, {
			action,
			requiresAdmin,
			itemIndex: this.getItemIndex(),
			creates,
		});
		return items;
	};
}

/** Replaces the service's answer with `shape(answer)`, paired with the input item. */
function outputOf(
	shape: (this: IExecuteSingleFunctions, answer: IDataObject) => IDataObject,
): PostReceiveAction {
	return async function (this, _items: INodeExecutionData[], response: IN8nHttpFullResponse) {
		return [
			{ json: shape.call(this, answerBody(response)), pairedItem: { item: this.getItemIndex() } },
		];
	};
}

/** How a routed operation calls the service and shapes its answer. */
export interface RoutedCall {
	/** Path under the base URL; left out where `preSend` sets it from a checked ID. */
	url?: string;
	/** Checks the item and sets the body (and the path), before any call. */
	preSend: PreSendAction;
	/** What the call does, for error messages, e.g. "create the invite". */
	action: string;
	requiresAdmin: boolean;
	/** For a creating call: where to look for what it may have created (see `ServiceCall`). */
	creates?: string;
	/** The output item made from the service's answer. */
	output: (this: IExecuteSingleFunctions, answer: IDataObject) => IDataObject;
}

/** The `routing` of a declarative operation: POST, input checked, answer checked and shaped. */
export function adminRouting(call: RoutedCall): INodePropertyRouting {
	return {
		request: { method: 'POST', ...(call.url === undefined ? {} : { url: call.url }) },
		send: { preSend: [call.preSend] },
		output: {
			postReceive: [
				checkAnswer(call.action, call.requiresAdmin, call.creates),
				outputOf(call.output),
			],
		},
	};
}

/** The credential's base URL, read once per execution (the context is the execution's own). */
const baseUrls = new WeakMap<IExecuteFunctions, Promise<string>>();

async function baseUrlOf(ctx: IExecuteFunctions, itemIndex: number): Promise<string> {
	let baseUrl = baseUrls.get(ctx);
	if (!baseUrl) {
		baseUrl = ctx.getCredentials(CREDENTIAL_TYPE, itemIndex).then(adminBaseUrl);
		baseUrls.set(ctx, baseUrl);
	}
	return await baseUrl;
}

/** A coded operation's call: POST `path` with a JSON body; a refusal becomes a NodeApiError. */
export async function adminRequest(
	this: IExecuteFunctions,
	path: string,
	body: IDataObject,
	call: ServiceCall,
): Promise<IDataObject> {
	const baseURL = await baseUrlOf(this, call.itemIndex);
	let response: IN8nHttpFullResponse;
	try {
		response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, {
			method: 'POST',
			baseURL,
			url: path,
			body,
			json: true,
			headers: JSON_HEADERS,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		const reason = (error as Error).message;
		// A creating request may have reached the service before the connection broke.
		if (call.creates) {
			throw mayHaveRunError(this.getNode(), call, call.creates, `the connection broke: ${reason}`);
		}
		throw new NodeApiError(
			this.getNode(),
			{ message: reason },
			{
				message: `Could not reach the service to ${call.action}: ${reason}`,
				description:
					'Check the region or base URL in the credential and that the service is reachable.',
				itemIndex: call.itemIndex,
			},
		);
	}
	assertServiceSuccess(this.getNode(), response, call);
	return answerBody(response);
}
