import type { IHttpRequestOptions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { shouldRetry } from '../../shared/failure';
import { isToolRun, TOOL_MAX_RATE_WAIT_MS } from '../../shared/tool';
import {
	callService,
	FailedAttempt,
	SEND_AGAIN,
	sendWithinOrigin,
	type Decision,
} from '../../shared/pipeline';
import { buildOptions } from './httpOptions';
import {
	brokenAnswer,
	errorOf,
	isEnvelope,
	LOCK_WAIT_CODE,
	NOT_EXECUTED_CODES,
	QUOTA_CODE,
	QuotaError,
	ServiceError,
	TOKEN_CODES,
	tokenErrorOf,
	toNodeError,
} from './refusals';
import { sessionOf } from './session';
import { nextQuotaReset } from './throttle';
import { timing } from './timing';
import { requestToken, TokenRequestError, tokenIsStale, type AccessToken } from './token';
import {
	CREDENTIAL_TYPE,
	type ApiRequest,
	type Envelope,
	type FileAnswer,
	type MarketingContext,
} from './types';

/** The file of a full response, and the JSON envelope it holds when it is one. */
function fileAnswerOf(answer: unknown): { file: FileAnswer; envelope?: Envelope; broken?: true } {
	const full = answer as { statusCode?: number; headers?: Record<string, unknown>; body?: unknown };
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(full?.headers ?? {})) {
		headers[name.toLowerCase()] = String(value);
	}
	const raw = full?.body;
	const body = Buffer.isBuffer(raw)
		? raw
		: raw instanceof ArrayBuffer
			? Buffer.from(raw)
			: Buffer.from(typeof raw === 'string' ? raw : JSON.stringify(raw ?? ''), 'utf8');
	const file = { status: Number(full?.statusCode ?? 200), headers, body };
	if (!/json/i.test(headers['content-type'] ?? '')) return { file };
	let parsed: unknown;
	try {
		parsed = JSON.parse(body.toString('utf8'));
	} catch {
		return { file, broken: true };
	}
	return { file, envelope: isEnvelope(parsed) ? parsed : undefined };
}

/**
 * One call to the instance through the shared pipeline (`nodes/shared/pipeline`): a slot of the
 * instance's limiter, a fresh token (one renewal at a time for the process, see `./token`), sent
 * with `Authorization: Bearer <token>`; answers the envelope, or the file of a file request. The
 * shared failure model decides retries; this service adds its own codes (`./refusals`): 601/602
 * renew the token and replay once, 606/615 also slow the limiter down, 607 blocks further calls
 * to the instance until the quota resets.
 */
export async function callInstance(
	this: MarketingContext,
	request: ApiRequest,
): Promise<Envelope | FileAnswer> {
	let session;
	try {
		session = await sessionOf(this);
	} catch (error) {
		throw toNodeError(
			this,
			error instanceof NodeApiError
				? new FailedAttempt({ class: 'answered', reason: 'unknown' }, { original: error })
				: new TokenRequestError((error as Error).message),
			request,
		);
	}
	const { limiter, credentials, tokens } = session;
	const nodeCredentials = this.getNode().credentials?.[CREDENTIAL_TYPE];
	const options = buildOptions(session.urls.base, request);
	let tokenReplayed = false;
	let token: AccessToken | undefined;
	/** The renewal `pace` waited for, if any: its failure is the call's, raised when it sends. */
	let renewal: Promise<AccessToken> | undefined;

	// The credential data read for this execution is passed on so n8n does not read it again.
	const destination = {
		credentialType: CREDENTIAL_TYPE,
		baseUrl: session.urls.base,
		addressFields: 'the REST endpoint URL',
		itemIndex: request.itemIndex,
		credentialOptions: {
			credentialsDecrypted: {
				id: nodeCredentials?.id ?? CREDENTIAL_TYPE,
				name: nodeCredentials?.name ?? CREDENTIAL_TYPE,
				type: CREDENTIAL_TYPE,
				data: credentials,
			},
		},
	};
	const send = async (requestOptions: IHttpRequestOptions): Promise<unknown> =>
		await sendWithinOrigin(this, destination, requestOptions);

	/** A token with life left: the process's, or a new one (one renewal for all waiting calls). */
	const freshToken = async (): Promise<AccessToken> => {
		for (;;) {
			if (tokens.renewing) {
				await tokens.renewing;
				continue;
			}
			if (tokens.token && !tokenIsStale(tokens.token)) return tokens.token;
			tokens.renewing = requestToken(send, credentials);
			const asked = Date.now();
			try {
				tokens.token = await tokens.renewing;
				limiter.noteTokenRoundTrip(Date.now() - asked);
				return tokens.token;
			} finally {
				tokens.renewing = undefined;
			}
		}
	};

	/** The envelope (or file) of one whole answer; a refused token is renewed and sent again once. */
	const read = (answer: unknown): Envelope | FileAnswer | typeof SEND_AGAIN => {
		let envelope: Envelope;
		if (request.file) {
			const file = fileAnswerOf(answer);
			if (file.broken) throw brokenAnswer(file.file.body.toString('utf8'));
			if (!file.envelope || file.envelope.success !== false) return file.file;
			envelope = file.envelope;
		} else {
			if (!isEnvelope(answer)) throw brokenAnswer(answer);
			envelope = answer;
		}
		const failure = errorOf(envelope);
		if (!failure) return envelope;
		if (TOKEN_CODES.has(failure.code) && !tokenReplayed) {
			tokenReplayed = true;
			// The token was refused: unless another call already replaced it, it must be renewed.
			if (tokens.token === token) tokens.token = undefined;
			return SEND_AGAIN;
		}
		throw new ServiceError(failure.code, failure.message, envelope.requestId);
	};

	const decide = (error: unknown): Decision => {
		if (error instanceof QuotaError) return { retry: false };
		if (error instanceof ServiceError) {
			if (error.code === QUOTA_CODE) {
				limiter.quotaBlockedUntil = nextQuotaReset();
				return { retry: false };
			}
			if (error.code === '606' || error.code === '615') {
				limiter.rejected(error.code);
				return error.code === '606' ? { retry: true, waitMs: timing.windowMs } : { retry: true };
			}
			const retry =
				NOT_EXECUTED_CODES.has(error.code) ||
				(error.code === LOCK_WAIT_CODE && request.safeToRepeat);
			return retry ? { retry: true } : { retry: false };
		}
		return error instanceof FailedAttempt && shouldRetry(error.failure, request)
			? { retry: true }
			: { retry: false };
	};

	return await callService({
		safeToRepeat: request.safeToRepeat,
		backoff: timing,
		admit: () => {
			if (Date.now() < limiter.quotaBlockedUntil) {
				throw new QuotaError(
					QUOTA_CODE,
					'The daily quota of the instance was reached earlier; no call was made',
				);
			}
		},
		pace: async () => {
			// The token before the slot: a renewal is a round trip of its own, and the first call of a
			// limiter with an empty window goes ahead of the others by a head start that only works
			// if that call goes out at once (its refusal must come back before the rest of the wave).
			renewal = freshToken();
			await renewal.catch(() => undefined);
			const release = await limiter.acquire();
			return (answer) => {
				// A refusal slows the limiter before its slot frees, so no waiting call goes first.
				const code = isEnvelope(answer) ? errorOf(answer)?.code : undefined;
				if (code === '606' || code === '615') limiter.rejected(code);
				release();
			};
		},
		send: async () => {
			// The token got while pacing (a failed renewal fails this call, with no second token
			// request), unless another call has replaced it since.
			const paced = renewal ? await renewal : undefined;
			renewal = undefined;
			token = paced && tokens.token === paced ? paced : await freshToken();
			return await send({
				...options,
				headers: { ...options.headers, Authorization: `Bearer ${token.value}` },
			});
		},
		ownError: tokenErrorOf,
		read,
		decide,
		finalError: (error) => toNodeError(this, error, request),
		...(isToolRun(this.getNode()) ? { maxWaitMs: TOOL_MAX_RATE_WAIT_MS } : {}),
	});
}
