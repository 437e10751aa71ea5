import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestHelper } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { backoffDelay } from '../../shared/backoff';
import { instanceUrls } from './instance';
import { timing } from './timing';

/**
 * Token lifecycle (client-credentials grant of the service's identity endpoint).
 *
 * The credential keeps the token in a hidden `expirable` field (`accessToken`) next to two hidden
 * bookkeeping fields: `expiresAt` (epoch ms) and `issuedFor` (token URL + client ID). The
 * credential's `preAuthentication` fetches the token; n8n persists what it returns in the stored
 * credential, so one token serves every call of an execution and of later executions (and other
 * workers in queue mode) until it nears expiry.
 *
 * n8n re-runs `preAuthentication` only when the expirable field is empty, during a credential test,
 * or after an HTTP 401 (n8n-core `httpRequestWithAuthentication`). The service never answers 401 on
 * API calls: an invalid or expired token comes back as HTTP 200 with error 601 / 602, and n8n has no
 * time-based expiry. So the transport decides itself (see `tokenIsStale`) and forces the refresh
 * through the one documented lever n8n offers: it passes the credential data to
 * `httpRequestWithAuthentication` as `additionalCredentialOptions.credentialsDecrypted` with the
 * expirable field emptied; n8n then runs `preAuthentication`, persists its output and signs the
 * request with the new token.
 */
export const TOKEN_FIELDS = {
	token: 'accessToken',
	expiresAt: 'expiresAt',
	issuedFor: 'issuedFor',
} as const;

function issuedFor(credentials: ICredentialDataDecryptedObject): string {
	return `${instanceUrls(credentials.restEndpoint).tokenUrl} ${String(credentials.clientId ?? '')}`;
}

/** Whether the stored token must be replaced before the next call. */
export function tokenIsStale(
	credentials: ICredentialDataDecryptedObject,
	now = Date.now(),
): boolean {
	const token = credentials[TOKEN_FIELDS.token];
	if (typeof token !== 'string' || token === '') return true;
	// A token fetched for another client ID or instance (the user edited the credential).
	if (credentials[TOKEN_FIELDS.issuedFor] !== issuedFor(credentials)) return true;
	const expiresAt = Number(credentials[TOKEN_FIELDS.expiresAt] ?? 0);
	return !Number.isFinite(expiresAt) || expiresAt - now <= timing.tokenRefreshMarginMs;
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
 * `preAuthentication` body: POST the client ID and secret as a form body (never in a URL) to
 * `<base>/identity/oauth/token`. The identity endpoint hands back the current token while it is
 * valid, with `expires_in` = seconds left (can be 0). A token that is about to die is waited out
 * once, then a fresh one is requested, so a caller never gets a token it would treat as stale.
 */
export async function requestToken(
	this: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<IDataObject> {
	const urls = instanceUrls(credentials.restEndpoint);
	const clientId = String(credentials.clientId ?? '').trim();
	const clientSecret = String(credentials.clientSecret ?? '');
	if (!clientId || !clientSecret) {
		throw new TokenRequestError('The credential needs both a client ID and a client secret');
	}
	const form = new URLSearchParams({
		grant_type: 'client_credentials',
		client_id: clientId,
		client_secret: clientSecret,
	}).toString();

	// The identity call only issues a token: safe to repeat after a reset, a 5xx or a broken answer.
	let failures = 0;
	const retryable = async () => {
		if (failures >= timing.retries) return false;
		await sleep(
			backoffDelay(failures++, {
				retries: timing.retries,
				baseDelayMs: timing.baseDelayMs,
				maxDelayMs: timing.maxDelayMs,
			}),
		);
		return true;
	};
	for (let attempt = 0; ; attempt++) {
		let answer: TokenAnswer = {};
		let failedStatus: number | undefined;
		let failed = false;
		try {
			answer = (await this.helpers.httpRequest({
				method: 'POST',
				url: urls.tokenUrl,
				headers: {
					'Content-Type': 'application/x-www-form-urlencoded',
					Accept: 'application/json',
				},
				body: form,
				json: true,
				timeout: timing.timeoutMs,
			})) as TokenAnswer;
		} catch (error) {
			// Only the status is kept: the original error carries the request, whose body holds the secret.
			failed = true;
			const status = Number(
				(error as { httpCode?: string }).httpCode ??
					(error as { response?: { status?: number } }).response?.status,
			);
			failedStatus = Number.isFinite(status) ? status : undefined;
		}
		const broken = !failed && (answer === null || typeof answer !== 'object');
		if ((failed && (failedStatus === undefined || failedStatus >= 500)) || broken) {
			if (await retryable()) continue;
		}
		if (broken) {
			throw new TokenRequestError('The identity endpoint answered with something that is not JSON');
		}
		if (failed) {
			if (failedStatus === 401 || failedStatus === 400) {
				throw new TokenRequestError(
					`The identity endpoint refused the client ID or secret (HTTP ${failedStatus})`,
					failedStatus,
				);
			}
			throw new TokenRequestError(
				`The identity endpoint ${urls.tokenUrl} could not be reached or failed${
					failedStatus ? ` (HTTP ${failedStatus})` : ''
				}`,
				failedStatus,
			);
		}
		if (typeof answer?.access_token !== 'string' || answer.access_token === '') {
			throw new TokenRequestError(
				`The identity endpoint answered without an access token${
					answer?.error ? ` (${answer.error})` : ''
				}`,
			);
		}
		const secondsLeft = Math.max(0, Number(answer.expires_in ?? 0) || 0);
		const lifeMs = secondsLeft * 1000;
		if (lifeMs <= timing.tokenRefreshMarginMs && attempt === 0) {
			// The same token, nearly dead (expires_in can be 0): wait it out, then ask again.
			await sleep(Math.min(timing.tokenMaxWaitMs, lifeMs + 1000));
			continue;
		}
		return {
			[TOKEN_FIELDS.token]: answer.access_token,
			[TOKEN_FIELDS.expiresAt]: Date.now() + lifeMs,
			[TOKEN_FIELDS.issuedFor]: issuedFor(credentials),
		};
	}
}
