import type {
	ICredentialDataDecryptedObject,
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

import {
	checkAddress,
	CredentialTestFailure,
	isNotApiAnswer,
	probe,
	statusFailure,
	credentialTestMethod,
} from '../../shared/credentialTest';
import { ADMIN_BASE_URL_EXPRESSION, adminBaseUrl, REGION_BASE_URLS } from './baseUrl';
import { assertServiceSuccess, mayHaveRunError, type ServiceCall } from './errors';

export { ADMIN_BASE_URL_EXPRESSION, adminBaseUrl } from './baseUrl';
export type { ServiceCall } from './errors';

/** The one place the admin node talks to the service: its routing defaults and its coded calls. */

export const CREDENTIAL_TYPE = 'agentPlatformApi';

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

/**
 * The key goes in `Authorization: Bearer <project>:<key>`, added here and not by the credential:
 * a credential with `authenticate` makes n8n add its "Custom API Call" to the node (see README,
 * "API Call"). Calls on the organization, not on a project, send an empty project part.
 */
const ORGANIZATION_SCOPED_PATHS = [/\/projects\/create$/];

function authorization(credentials: ICredentialDataDecryptedObject, path: string): string {
	const projectPart = ORGANIZATION_SCOPED_PATHS.some((scoped) => scoped.test(path))
		? ''
		: String(credentials.projectId ?? '').trim();
	return `Bearer ${projectPart}:${String(credentials.apiKey ?? '').trim()}`;
}

/** The same header as an n8n expression, for the routed requests (n8n reads `$credentials` once). */
const AUTHORIZATION_EXPRESSION =
	'={{ "Bearer " + String($credentials.projectId ?? "").trim() + ":" + String($credentials.apiKey ?? "").trim() }}';

/** Defaults of every declarative request; `adminRouting` checks each answer's status itself. */
export const requestDefaults = {
	baseURL: ADMIN_BASE_URL_EXPRESSION,
	headers: { ...JSON_HEADERS, Authorization: AUTHORIZATION_EXPRESSION },
	ignoreHttpStatusErrors: true,
};

/** A routed call on the organization: the header's project part is left empty. */
const organizationScoped: PreSendAction = async function (this, options) {
	const header = String(options.headers?.Authorization ?? '');
	options.headers = {
		...options.headers,
		Authorization: header.replace(/^Bearer [^:]*:/, 'Bearer :'),
	};
	return options;
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
		send: {
			preSend: ORGANIZATION_SCOPED_PATHS.some((scoped) => scoped.test(call.url ?? ''))
				? [call.preSend, organizationScoped]
				: [call.preSend],
		},
		output: {
			postReceive: [
				checkAnswer(call.action, call.requiresAdmin, call.creates),
				outputOf(call.output),
			],
		},
	};
}

/** The credential, read once per execution (the context is the execution's own). */
const credentialReads = new WeakMap<IExecuteFunctions, Promise<ICredentialDataDecryptedObject>>();

async function credentialsOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<ICredentialDataDecryptedObject> {
	let credentials = credentialReads.get(ctx);
	if (!credentials) {
		credentials = ctx.getCredentials(CREDENTIAL_TYPE, itemIndex);
		credentialReads.set(ctx, credentials);
	}
	return await credentials;
}

/** A coded operation's call: POST `path` with a JSON body; a refusal becomes a NodeApiError. */
export async function adminRequest(
	this: IExecuteFunctions,
	path: string,
	body: IDataObject,
	call: ServiceCall,
): Promise<IDataObject> {
	const credentials = await credentialsOf(this, call.itemIndex);
	let response: IN8nHttpFullResponse;
	try {
		response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, {
			method: 'POST',
			baseURL: adminBaseUrl(credentials),
			url: path,
			body,
			json: true,
			headers: { ...JSON_HEADERS, Authorization: authorization(credentials, path) },
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

/**
 * The credential test (the node's `methods.credentialTest`): Base URL checked before any call,
 * then `GET /auth/info`, which any valid key may call; every failure says which field to change.
 */
export const credentialTest = credentialTestMethod(
	'Connection successful: the service accepted the API key for this project.',
	async (ctx, credentials) => {
		const custom = !(String(credentials.region ?? '') in REGION_BASE_URLS);
		const address = custom
			? { field: 'Base URL', example: 'https://api-xxxxxx.stack.example.com' }
			: { field: 'Region', example: 'the region your organization is hosted in' };
		if (custom && !String(credentials.baseUrl ?? '').trim()) {
			throw new CredentialTestFailure(
				"Base URL is required when Region is Custom: enter the API's address (e.g. https://api-xxxxxx.stack.example.com), or choose your organization's region.",
			);
		}
		const url = `${adminBaseUrl(credentials)}/auth/info`;
		if (custom) checkAddress(url, address, String(credentials.baseUrl));
		const answer = await probe(
			ctx,
			{
				method: 'GET',
				url,
				headers: { Accept: 'application/json', Authorization: authorization(credentials, url) },
			},
			address,
		);
		const status = answer.statusCode;
		if (status === 401) {
			throw new CredentialTestFailure(
				'The service refused the API key for this project (HTTP 401). Check that the API Key is complete, that the Project ID is a project of the key’s organization, and that Region is the region your organization lives in (a key works only in its own region).',
			);
		}
		if (status === 403) {
			throw new CredentialTestFailure(
				'The API key is valid but may not use this project (HTTP 403). Check the Project ID, or create the key in the project’s organization under Integrations & API Keys.',
			);
		}
		const addressFix = custom
			? 'With Region Custom, Base URL must be the API’s address (e.g. https://api-xxxxxx.stack.example.com), not the app’s web address.'
			: 'Check Region; if your organization has its own address, choose Custom and enter it as Base URL.';
		if (status < 200 || status >= 300) {
			throw new CredentialTestFailure(
				statusFailure(answer, url, {
					key: 'Check the API Key, the Project ID and Region.',
					address: addressFix,
				}),
			);
		}
		if (isNotApiAnswer(answer)) {
			throw new CredentialTestFailure(
				`The address answered, but not with the API's JSON (a web page?). ${addressFix}`,
			);
		}
	},
);
