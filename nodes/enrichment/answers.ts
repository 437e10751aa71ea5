import type { IDataObject } from 'n8n-workflow';

import { echo } from '../shared/echo';
import { headerOf } from '../shared/failure';
import type { RateWindow, ServiceAnswer } from './types';

/** Reading an enrichment service's answer: headers, quotas, credits, messages and error codes. */

export const header = (answer: ServiceAnswer, name: string) => headerOf(answer.headers, name);

/** Which rate-limit window is used up (the longest), from the remaining-requests headers or the 429 message. */
export function exhaustedWindow(answer: ServiceAnswer): RateWindow | undefined {
	for (const window of ['daily', 'hourly', 'minute', 'second'] as const) {
		if (header(answer, `x-${window}-requests-left`) === '0') return window;
	}
	const message = messageOf(answer.body) ?? '';
	if (/daily api quota|trial limit/i.test(message)) return 'daily';
	if (/hourly api rate limit/i.test(message)) return 'hourly';
	return undefined;
}

/** Seconds until the window resets, when the answer says ("Reset in 120 seconds", headers). */
export function secondsUntilReset(answer: ServiceAnswer): number | undefined {
	const fromMessage = /reset in (\d+) seconds?/i.exec(messageOf(answer.body) ?? '')?.[1];
	const value = Number(
		header(answer, 'retry-after') ?? header(answer, 'x-ratelimit-reset') ?? fromMessage,
	);
	return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Credits the service reports for one answer (header `x-credits-charged` or body `creditsCharged`). */
export function creditsOf(answer: ServiceAnswer): number | undefined {
	const fromHeader = header(answer, 'x-credits-charged');
	if (fromHeader !== undefined && Number.isFinite(Number(fromHeader))) return Number(fromHeader);
	const body = answer.body as IDataObject | undefined;
	const fromBody =
		body && typeof body === 'object'
			? (body.creditsCharged ?? (body.billing as IDataObject)?.creditsCharged)
			: undefined;
	return typeof fromBody === 'number' ? fromBody : undefined;
}

export function messageOf(body: unknown): string | undefined {
	if (typeof body === 'string' && body.trim()) return echo(body.trim());
	if (!body || typeof body !== 'object') return undefined;
	const record = body as IDataObject;
	const nested = record.error as IDataObject | string | undefined;
	const candidate =
		record.message ??
		(typeof nested === 'object' ? nested?.message : nested) ??
		record.error_description;
	return typeof candidate === 'string' && candidate ? echo(candidate) : undefined;
}

export function requestIdOf(answer: ServiceAnswer): string | undefined {
	const body = answer.body as IDataObject | undefined;
	return (
		header(answer, 'x-request-id') ??
		(body && typeof body === 'object' && typeof body.requestId === 'string'
			? body.requestId
			: undefined)
	);
}

/** The error code in a body such as `{ error: { code } }` or `{ error: "code" }`. */
export function errorCodeOf(body: unknown): string | undefined {
	if (!body || typeof body !== 'object') return undefined;
	const error = (body as IDataObject).error as IDataObject | string | undefined;
	const code = typeof error === 'object' && error !== null ? error.code : error;
	return typeof code === 'string' ? code.toUpperCase() : undefined;
}

/** "No record matches": HTTP 404 or 200 whose body carries the error code NOT_FOUND. */
export function isNoMatch(answer: ServiceAnswer): boolean {
	return (
		(answer.statusCode === 404 || answer.statusCode === 200) &&
		errorCodeOf(answer.body) === 'NOT_FOUND'
	);
}
