import { instanceUrls } from './instance';
import { limiterFor, limitsOf } from './throttle';
import { tokenHolderFor } from './token';
import { CREDENTIAL_TYPE, type MarketingContext } from './types';

const sessions = new WeakMap<object, ReturnType<typeof openSession>>();

/**
 * What one execution (or one editor request) reads once: the credential, the instance's
 * addresses, its limiter and the process's token holder for this client.
 */
async function openSession(ctx: MarketingContext) {
	const credentials = { ...(await ctx.getCredentials(CREDENTIAL_TYPE)) };
	const urls = instanceUrls(credentials.restEndpoint);
	const limiter = limiterFor(urls.base);
	limiter.configure(limitsOf(credentials));
	return { credentials, urls, limiter, tokens: tokenHolderFor(credentials) };
}

/** The execution's session, opened on first use. */
export function sessionOf(ctx: MarketingContext): ReturnType<typeof openSession> {
	let session = sessions.get(ctx);
	if (!session) {
		session = openSession(ctx);
		sessions.set(ctx, session);
		// A failed read (e.g. a bad REST endpoint) is not kept: the next call reads again.
		session.catch(() => sessions.delete(ctx));
	}
	return session;
}

/** The instance's base URL, from the execution's one reading of the credential. */
export async function instanceBase(ctx: MarketingContext): Promise<string> {
	return (await sessionOf(ctx)).urls.base;
}

/** The limiter's in-flight setting for this execution: how many batches to keep going at once. */
export async function callsInFlight(ctx: MarketingContext): Promise<number> {
	try {
		return (await sessionOf(ctx)).limiter.limits().callsInFlight;
	} catch {
		return 1;
	}
}
