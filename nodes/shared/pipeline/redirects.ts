import type {
	IAdditionalCredentialOptions,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { headerOf } from '../failure';

/**
 * The contexts that call a service: an execution, a trigger's poll, an editor's list, a webhook
 * trigger's activation and deliveries.
 */
type CallingContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IPollFunctions
	| IHookFunctions
	| IWebhookFunctions;

/** Where a service's calls may go: the credential, and the address that credential names. */
interface Destination {
	credentialType: string;
	/** The credential's base URL: a redirect is followed only when it stays on this origin. */
	baseUrl: string;
	/** The credential fields that name the address, e.g. "Region / Base URL". */
	addressFields: string;
	itemIndex?: number;
	/** Passed to n8n's helper (credential data the transport already read). */
	credentialOptions?: IAdditionalCredentialOptions;
}

/** Redirects followed on the credential's own origin before the node gives up. */
export const MAX_REDIRECTS = 5;

/** The absolute address of a request, joined the way n8n's helper joins `baseURL` and `url`. */
function addressOf(request: IHttpRequestOptions): string {
	if (!request.baseURL) return request.url;
	return `${request.baseURL.replace(/\/+$/, '')}/${request.url.replace(/^\/+/, '')}`;
}

/** A 3xx with a Location, from an answer or (sent without `ignoreHttpStatusErrors`) an error. */
function redirectOf(
	request: IHttpRequestOptions,
	answer: unknown,
	thrown: unknown,
): { status: number; location: string } | undefined {
	const source = (
		thrown === undefined
			? request.returnFullResponse
				? answer
				: undefined
			: ((thrown as { cause?: { response?: unknown } })?.cause?.response ??
				(thrown as { response?: unknown })?.response)
	) as { statusCode?: unknown; status?: unknown; headers?: Record<string, unknown> } | undefined;
	const status = Number(source?.statusCode ?? source?.status);
	if (!(status >= 300 && status < 400)) return undefined;
	const location = headerOf(source?.headers, 'location');
	return location ? { status, location } : undefined;
}

/** Whether a redirect keeps the method and body: 303, and 301/302 after a POST, become a GET. */
export const keepsMethod = (status: number, method: string | undefined) =>
	!(status === 303 || ((status === 301 || status === 302) && method === 'POST'));

/** The request sent again to `target`, the redirect's Location. */
function followed(request: IHttpRequestOptions, status: number, target: URL): IHttpRequestOptions {
	const next: IHttpRequestOptions = { ...request, url: target.href };
	delete next.baseURL;
	delete next.qs;
	if (!keepsMethod(status, request.method)) {
		next.method = 'GET';
		delete next.body;
	}
	return next;
}

/** Marks the error of a redirect to another host: final, never retried or reworded. */
export function isForeignRedirect(error: unknown): boolean {
	return error instanceof NodeApiError && error.context.foreignRedirect === true;
}

function foreignRedirectError(
	ctx: CallingContext,
	destination: Destination,
	status: number,
	target: URL,
): NodeApiError {
	const own = new URL(destination.baseUrl);
	const message = `The service answered with a redirect (HTTP ${status}) to another host, ${target.host}; the node did not follow it, so no credential was sent there`;
	const error = new NodeApiError(ctx.getNode(), { message, statusCode: status } as JsonObject, {
		message,
		description: `Check ${destination.addressFields} in the credential: it must be the service's own address (calls go to ${own.host}), not one that forwards to another host. If the service has moved, enter its new address there.`,
		httpCode: String(status),
		itemIndex: destination.itemIndex,
	});
	error.context.foreignRedirect = true;
	return error;
}

/**
 * Sends one request through n8n's authenticated helper with redirects not followed by the helper
 * (n8n would send the credential on to any host). A redirect on the credential's own origin is
 * followed here; one to another host ends in an error naming that host, and nothing is sent there.
 */
export async function sendWithinOrigin(
	ctx: CallingContext,
	destination: Destination,
	options: IHttpRequestOptions,
): Promise<unknown> {
	let request: IHttpRequestOptions = { ...options, disableFollowRedirect: true };
	for (let redirects = 0; ; redirects++) {
		let answer: unknown;
		let thrown: unknown;
		try {
			answer = await ctx.helpers.httpRequestWithAuthentication.call(
				ctx,
				destination.credentialType,
				request,
				destination.credentialOptions,
			);
		} catch (error) {
			thrown = error;
		}
		const redirect = redirectOf(request, answer, thrown);
		if (!redirect || redirects >= MAX_REDIRECTS) {
			if (thrown !== undefined) throw thrown;
			return answer;
		}
		const target = new URL(redirect.location, addressOf(request));
		if (target.origin !== new URL(destination.baseUrl).origin) {
			throw foreignRedirectError(ctx, destination, redirect.status, target);
		}
		request = followed(request, redirect.status, target);
	}
}
