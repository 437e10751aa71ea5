import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	IHttpRequestMethods,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { jsonParse } from 'n8n-workflow';

import { echo } from './echo';
import { headerOf, type HttpAnswer } from './failure';
import { keepsMethod, MAX_REDIRECTS } from './pipeline/redirects';
import { isPlainHttpAnswer, plainHttpAdvice } from './plainHttp';

/**
 * Credential tests run as a node's `methods.credentialTest` (the credential names the node in
 * `testedBy`), not as a declarative `test`: n8n answers a declarative test that cannot connect with
 * the bare error code ("ENOTFOUND", "ERR_INVALID_URL"), and the credentials have no `authenticate`
 * any more (see README, "API Call"). Every failure says what is wrong and which field to change.
 */

/** A test's failure: its message is what the editor shows. It never holds a secret. */
export class CredentialTestFailure extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'CredentialTestFailure';
	}
}

/** How a credential names the field that holds the address, for the texts. */
export interface AddressField {
	/** The field's label, e.g. "Base URL". */
	field: string;
	/** An address of the right form, e.g. "https://api-xxxxxx.stack.example.com". */
	example: string;
}

/** One request of a credential test. Secrets go in `headers` or `body`, never in `url`. */
export interface ProbeRequest {
	method: IHttpRequestMethods;
	url: string;
	headers: Record<string, string>;
	/** JSON body, or a form body given as text (then set its Content-Type in `headers`). */
	body?: IDataObject | string;
}

/** Time limit of one test request: the editor waits for it. */
const PROBE_TIMEOUT_MS = 15_000;

/** `url` parsed, or undefined when it is not an absolute address. */
function parsed(url: string): URL | undefined {
	try {
		return new URL(url);
	} catch {
		return undefined;
	}
}

/** The scheme, host and port of `url` (the part a user enters in an address field). */
const originOf = (url: string) => parsed(url)?.origin ?? echo(url);
const hostOf = (url: string) => parsed(url)?.host ?? echo(url);

/**
 * Fails unless `value` is an `http(s)://host` address; the failure names the field, its form and
 * what the user entered (`entered`, when the address was built from it).
 */
export function checkAddress(value: string, address: AddressField, entered = value): void {
	const url = parsed(value.trim());
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
		throw new CredentialTestFailure(
			`${address.field} "${echo(entered.trim())}" is not a valid http(s) address: enter it like ${address.example}.`,
		);
	}
}

/** What a request that got no answer means, and what to change. */
function networkFailure(error: unknown, url: string, address: AddressField): string {
	const code = String(
		(error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code,
	);
	const host = hostOf(url);
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
		return `The host ${host} does not exist or cannot be resolved (DNS). Check ${address.field} for a typo (it looks like ${address.example}); if it is right, check the DNS or VPN of the n8n server.`;
	}
	if (code === 'ECONNREFUSED') {
		return `Nothing accepts connections at ${host}. Check the host and port in ${address.field} (it looks like ${address.example}); if they are right, a firewall or proxy between n8n and the service refuses the connection.`;
	}
	if (/^(ETIMEDOUT|ECONNABORTED|ESOCKETTIMEDOUT)$/.test(code)) {
		return `No answer from ${host} within ${PROBE_TIMEOUT_MS / 1000} seconds. Check ${address.field}, and that the n8n server may reach the service (firewall, proxy).`;
	}
	if (code === 'ERR_INVALID_URL') {
		return `${address.field} is not a valid address: enter it like ${address.example}.`;
	}
	if (isPlainHttpAnswer(code)) return `${plainHttpAdvice(originOf(url), address.field, code)}.`;
	if (/CERT|SSL|TLS/i.test(code)) {
		return `The TLS certificate of ${host} was not accepted (${code}). Check that ${address.field} is the service's own https address (${address.example}).`;
	}
	return `Could not reach ${host}${code && code !== 'undefined' ? ` (${code})` : ''}. Check ${address.field} and the network between the n8n server and the service.`;
}

/**
 * Sends one test request with n8n's credential-test helper (the only one n8n gives a credential
 * test). Every HTTP status comes back as an answer; no answer at all becomes a failure that names
 * the host and the field to check. Redirects are followed here, and only on the address's own
 * host: the helper would send the credential on to any host.
 */
export async function probe(
	ctx: ICredentialTestFunctions,
	request: ProbeRequest,
	address: AddressField,
): Promise<HttpAnswer> {
	let { url, method, body: requestBody } = request;
	for (let redirects = 0; ; redirects++) {
		let response: HttpAnswer | undefined;
		let noAnswer: unknown;
		try {
			response = (await ctx.helpers.request({
				uri: url,
				method,
				headers: request.headers,
				body: requestBody,
				json: typeof request.body !== 'string',
				simple: false,
				resolveWithFullResponse: true,
				followRedirect: false,
				timeout: PROBE_TIMEOUT_MS,
			})) as HttpAnswer;
		} catch (error) {
			noAnswer = error;
		}
		// The error holds the request (and with it the key): only its code is read.
		if (!response) throw new CredentialTestFailure(networkFailure(noAnswer, url, address));
		const status = response.statusCode;
		const location =
			status >= 300 && status < 400 ? headerOf(response.headers, 'location') : undefined;
		if (location && redirects < MAX_REDIRECTS) {
			const target = new URL(location, url);
			if (target.origin !== originOf(request.url)) {
				throw new CredentialTestFailure(
					`The address answered with a redirect (HTTP ${status}) to another host, ${target.host}; the test did not follow it, so the credential was not sent there. Check ${address.field}: it must be the service's own address (like ${address.example}).`,
				);
			}
			if (!keepsMethod(status, method)) {
				method = 'GET';
				requestBody = undefined;
			}
			url = target.href;
			continue;
		}
		// A form request is sent without `json`, so its JSON answer arrives as text.
		let body = response.body;
		if (typeof body === 'string') body = jsonParse(body, { fallbackValue: body });
		return { statusCode: status, body };
	}
}

/** An answer that is not the API's JSON: a web page or another server at that address. */
export function isNotApiAnswer(answer: HttpAnswer): boolean {
	return answer.body === null || typeof answer.body !== 'object';
}

/** The texts a test gives for the statuses every service shares; `fix` names what to change. */
export function statusFailure(
	answer: HttpAnswer,
	url: string,
	fix: { key: string; address: string },
): string {
	const status = answer.statusCode;
	const at = url.split('?')[0];
	if (status === 401) return `The service refused the credential (HTTP 401). ${fix.key}`;
	if (status === 404) return `No API answers at ${at} (HTTP 404). ${fix.address}`;
	if (status === 429) {
		return 'The service is rate limiting this key (HTTP 429), so the credential could not be checked. Try again in a minute.';
	}
	if (status >= 500) {
		return `The service is failing (HTTP ${status}), so the credential could not be checked. Try again later; if it persists, check the address. ${fix.address}`;
	}
	return `The test call to ${at} was answered with HTTP ${status}. ${fix.address} ${fix.key}`;
}

/**
 * A node's `methods.credentialTest` function: OK when `run` completes, else its failure's message
 * (any other error gives a message without its text, which could hold the request).
 */
export function credentialTestMethod(
	success: string,
	run: (
		ctx: ICredentialTestFunctions,
		credentials: ICredentialDataDecryptedObject,
	) => Promise<void>,
) {
	return async function (
		this: ICredentialTestFunctions,
		credential: ICredentialsDecrypted,
	): Promise<INodeCredentialTestResult> {
		try {
			await run(this, credential.data ?? {});
			return { status: 'OK', message: success };
		} catch (error) {
			if (error instanceof CredentialTestFailure)
				return { status: 'Error', message: error.message };
			return {
				status: 'Error',
				message: `The credential test could not be completed (${(error as Error).name ?? 'error'}). Check the fields and try again.`,
			};
		}
	};
}
