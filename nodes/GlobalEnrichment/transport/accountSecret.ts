import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { answerError, apiError } from '../../enrichment/errors';
import type { EnrichmentContext, ServiceCall } from '../../enrichment/types';
import { client, SERVICE_NAME } from './index';

/**
 * The account's webhook secret, which signs every delivery. It is one secret for the whole account:
 * `POST /api/account/secret/regenerate` replaces it for every consumer (other workflows, other
 * tools), so it is called only when `GET /api/account/secret` says none exists (404). The secret is
 * never stored, logged or put into an error: deliveries read it through `verifyWithAccountSecret`,
 * which keeps it in this process's memory only.
 */

const READ: ServiceCall = {
	method: 'GET',
	path: '/api/account/secret',
	itemIndex: 0,
	safeToRepeat: true,
};

/** The secret, or undefined when the account has none yet (404). Other answers throw. */
async function readSecret(ctx: EnrichmentContext): Promise<string | undefined> {
	const answer = await client.apiRequest(ctx, READ);
	if (answer.statusCode === 404) return undefined;
	const secret = (answer.body as IDataObject | undefined)?.secret;
	if (answer.statusCode >= 400) throw answerError(ctx.getNode(), answer, SERVICE_NAME, READ);
	if (typeof secret !== 'string' || !secret) {
		throw apiError(
			ctx.getNode(),
			READ,
			answer,
			`The ${SERVICE_NAME} answered GET /api/account/secret without a secret`,
			"Check that the credential's Service URL is the service's own API, then activate again.",
		);
	}
	return secret;
}

/**
 * Makes sure the account has a secret: reads it, and creates one only when none exists. Says
 * whether it was created (never the secret itself).
 */
export async function ensureAccountSecret(ctx: EnrichmentContext): Promise<'existed' | 'created'> {
	if ((await readSecret(ctx)) !== undefined) return 'existed';
	// Not repeated after an unclear failure: a second call would replace the first new secret.
	await client.apiRequestOk(ctx, {
		method: 'POST',
		path: '/api/account/secret/regenerate',
		itemIndex: 0,
		safeToRepeat: false,
	});
	return 'created';
}

/** Secrets read by this process, by account (a hash of the address and key, never the key). */
const secrets = new Map<string, { secret: string; readAt: number }>();

/** A cached secret is read again at most this often when a signature does not match it. */
const REREAD_AFTER_MS = 60_000;

/**
 * The longest a delivery waits for the secret. The service gives up on an answer after 10 s and
 * sends the delivery again; a delivery still verifying then could run beside its own retry.
 */
const DELIVERY_READ_MS = 5_000;

/** The secret, or a thrown error once {@link DELIVERY_READ_MS} have passed without it. */
async function readSecretInTime(ctx: EnrichmentContext): Promise<string | undefined> {
	const read = readSecret(ctx);
	// A read that fails after the deadline no longer concerns this delivery (it got its 503).
	read.catch(() => undefined);
	const late = Symbol('late');
	const first = await Promise.race([read, sleep(DELIVERY_READ_MS).then(() => late)]);
	if (first === late) {
		throw new Error(`the account secret did not arrive within ${DELIVERY_READ_MS / 1000} s`);
	}
	return first as string | undefined;
}

async function accountKey(ctx: EnrichmentContext): Promise<string> {
	const credentials = await client.credentials(ctx);
	return createHash('sha256')
		.update(`${await client.baseUrl(ctx)}\n${String(credentials.apiKey ?? '').trim()}`)
		.digest('hex');
}

/**
 * Whether `matches` accepts the account's secret. The secret is read once and kept in memory; when
 * it does not match and was read over a minute ago, it is read once more (another consumer may
 * have replaced it), so forged deliveries cannot make every request a call to the service.
 */
export async function verifyWithAccountSecret(
	ctx: EnrichmentContext,
	matches: (secret: string) => boolean,
): Promise<boolean> {
	const key = await accountKey(ctx);
	const cached = secrets.get(key);
	if (cached && matches(cached.secret)) return true;
	if (cached && Date.now() - cached.readAt < REREAD_AFTER_MS) return false;
	const secret = await readSecretInTime(ctx);
	if (secret === undefined) {
		secrets.delete(key);
		return false;
	}
	secrets.set(key, { secret, readAt: Date.now() });
	return matches(secret);
}
