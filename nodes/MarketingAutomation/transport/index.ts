import type { NodeApiError } from 'n8n-workflow';

import { callInstance } from './adapter';
import type { ApiRequest, Envelope, FileAnswer, MarketingContext } from './types';

export { callsInFlight, instanceBase } from './session';
export * from './types';

/**
 * The only place that calls the service: one call through the shared pipeline, configured by
 * `./adapter` (limiter, token, envelope, the service's codes). Answers the envelope.
 */
export async function apiRequest(this: MarketingContext, request: ApiRequest): Promise<Envelope> {
	return (await callInstance.call(this, { ...request, file: false })) as Envelope;
}

/** A read: GET `path` (with `qs`, for `itemIndex`), safe to repeat. */
export const readRequest = (
	path: string,
	options: Pick<ApiRequest, 'qs' | 'itemIndex'> = {},
): ApiRequest => ({ method: 'GET', safeToRepeat: true, path, ...options });

/** Sends a read (`readRequest`). */
export async function apiRead(
	this: MarketingContext,
	path: string,
	options: Pick<ApiRequest, 'qs' | 'itemIndex'> = {},
): Promise<Envelope> {
	return await apiRequest.call(this, readRequest(path, options));
}

/**
 * A call whose answer is a file (CSV/TSV of a bulk job), with the same limiter, token, retries and
 * errors as `apiRequest`: a JSON `success: false` envelope in place of the file is the service's
 * error; HTTP errors (404 for "no such file") are thrown as NodeApiError with `httpCode`.
 */
export async function apiFileRequest(
	this: MarketingContext,
	request: ApiRequest,
): Promise<FileAnswer> {
	return (await callInstance.call(this, { ...request, file: true })) as FileAnswer;
}

/** The service's error code (`1016`, `1029`…) of an error `apiRequest` threw, if it answered one. */
export function serviceCodeOf(error: unknown): string | undefined {
	const code = (error as NodeApiError)?.context?.serviceCode;
	return typeof code === 'string' ? code : undefined;
}
