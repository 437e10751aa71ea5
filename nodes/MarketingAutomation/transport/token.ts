import { createHash } from 'crypto';
import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { callService, FailedAttempt, SEND_AGAIN } from '../../shared/pipeline';
import { instanceUrls } from './instance';
import { timing } from './timing';

/**
 * Token lifecycle (client-credentials grant of the service's identity endpoint; why the transport
 * owns it, not the credential: see the credential's file). A token lives in this n8n process, one
 * per instance, client ID and client secret (`tokenHolderFor`), so every call of every execution
 * and poll in the process shares it until it nears expiry; a new process (a queue-mode worker,
 * `n8n execute`) asks the identity endpoint once, which hands back the same token while it is
 * valid and does not count toward the API limits. The service signals an expired token with HTTP
 * 200 + code 601 / 602, never with 401, so the transport renews on those codes and shortly before
 * the expiry the identity endpoint gave.
 */
export interface AccessToken {
	value: string;
	/** Epoch ms. */
	expiresAt: number;
}

/** The process's token for one instance and client, and the renewal in progress, if any. */
export interface TokenHolder {
	token?: AccessToken;
	renewing?: Promise<AccessToken>;
}

const holders = new Map<string, TokenHolder>();

/**
 * The token holder of a credential. The key includes a hash of the client secret, so a credential
 * with a wrong secret never borrows the token another one was given.
 */
export function tokenHolderFor(credentials: ICredentialDataDecryptedObject): TokenHolder {
	const secret = createHash('sha256')
		.update(String(credentials.clientSecret ?? ''))
		.digest('hex');
	const key = `${instanceUrls(credentials.restEndpoint).tokenUrl} ${String(credentials.clientId ?? '').trim()} ${secret}`;
	let holder = holders.get(key);
	if (!holder) {
		holder = {};
		holders.set(key, holder);
	}
	return holder;
}

/** Whether a token must be replaced before the next call. */
export function tokenIsStale(token: AccessToken | undefined, now = Date.now()): boolean {
	if (!token || token.value === '') return true;
	return !Number.isFinite(token.expiresAt) || token.expiresAt - now <= timing.tokenRefreshMarginMs;
}

interface TokenAnswer {
	access_token?: string;
	expires_in?: number | string;
	error?: string;
	error_description?: string;
}

/** Thrown when the identity endpoint refuses the client or answers nonsense; never holds a secret. */
export class TokenRequestError extends Error {
	constructor(
		message: string,
		readonly httpCode?: number,
	) {
		super(message);
		this.name = 'TokenRequestError';
	}
}

/**
 * The token request: the client ID and secret as a form body (never in a URL), POSTed to
 * `<base>/identity/oauth/token`. Also what the credential test sends.
 */
export function tokenRequest(credentials: ICredentialDataDecryptedObject): IHttpRequestOptions {
	const clientId = String(credentials.clientId ?? '').trim();
	const clientSecret = String(credentials.clientSecret ?? '');
	if (!clientId || !clientSecret) {
		throw new TokenRequestError('The credential needs both a client ID and a client secret');
	}
	return {
		method: 'POST',
		url: instanceUrls(credentials.restEndpoint).tokenUrl,
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
		body: new URLSearchParams({
			grant_type: 'client_credentials',
			client_id: clientId,
			client_secret: clientSecret,
		}).toString(),
		json: true,
		timeout: timing.timeoutMs,
	};
}

/**
 * Fetches a token through `post` (the transport's sender), through the shared pipeline: the
 * identity call only issues a token, so it is safe to repeat after a reset, a 5xx or a broken
 * answer. The identity endpoint hands back the current token while it is valid, with
 * `expires_in` = seconds left (can be 0). A token that is about to die is waited out once, then a
 * fresh one is requested, so a caller never gets a token it would treat as stale.
 */
export async function requestToken(
	post: (options: IHttpRequestOptions) => Promise<unknown>,
	credentials: ICredentialDataDecryptedObject,
): Promise<AccessToken> {
	const urls = instanceUrls(credentials.restEndpoint);
	const request = tokenRequest(credentials);
	let sent = 0;
	return await callService<TokenAnswer, AccessToken>({
		safeToRepeat: true,
		backoff: timing,
		send: async () => {
			sent++;
			return (await post({ ...request, headers: { ...request.headers } })) as TokenAnswer;
		},
		read: async (answer) => {
			if (answer === null || typeof answer !== 'object') {
				throw new FailedAttempt({ class: 'ambiguous', reason: 'notJson' });
			}
			if (typeof answer.access_token !== 'string' || answer.access_token === '') {
				throw new TokenRequestError(
					`The identity endpoint answered without an access token${
						answer.error ? ` (${answer.error})` : ''
					}`,
				);
			}
			const lifeMs = Math.max(0, Number(answer.expires_in ?? 0) || 0) * 1000;
			if (lifeMs <= timing.tokenRefreshMarginMs && sent === 1) {
				await sleep(Math.min(timing.tokenMaxWaitMs, lifeMs + 1000));
				return SEND_AGAIN;
			}
			return { value: answer.access_token, expiresAt: Date.now() + lifeMs };
		},
		finalError: (error) => {
			if (!(error instanceof FailedAttempt)) return error as Error;
			if (error.failure.reason === 'notJson') {
				return new TokenRequestError(
					'The identity endpoint answered with something that is not JSON',
				);
			}
			// Only the class is read: the original error carries the request, whose body holds the secret.
			const status = error.failure.reason === 'status' ? error.failure.status : undefined;
			if (status === 401 || status === 400) {
				return new TokenRequestError(
					`The identity endpoint refused the client ID or secret (HTTP ${status})`,
					status,
				);
			}
			return new TokenRequestError(
				`The identity endpoint ${urls.tokenUrl} could not be reached or failed${
					status ? ` (HTTP ${status})` : ''
				}`,
				status,
			);
		},
	});
}
