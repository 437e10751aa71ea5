import { createHmac, timingSafeEqual } from 'crypto';

/**
 * A delivery's signature: the hex HMAC-SHA256, under the account's secret, of
 * `<timestamp>.<raw body>`, with the timestamp (seconds) in its own header. The header names are
 * the service's wire names.
 */
export const SIGNATURE_HEADER = 'x-lusha-signature';
export const TIMESTAMP_HEADER = 'x-lusha-timestamp';

/** A delivery older or further ahead than this is refused (a replay of a captured one). */
export const MAX_AGE_SECONDS = 300;

const single = (value: string | string[] | undefined): string | undefined =>
	typeof value === 'string' && value ? value : undefined;

/** The signature and timestamp headers, or undefined when either is missing or repeated. */
export function signedParts(headers: Record<string, string | string[] | undefined>) {
	const signature = single(headers[SIGNATURE_HEADER]);
	const timestamp = single(headers[TIMESTAMP_HEADER]);
	return signature && timestamp ? { signature, timestamp } : undefined;
}
type SignedParts = NonNullable<ReturnType<typeof signedParts>>;

/** Whether the timestamp (whole seconds) is within {@link MAX_AGE_SECONDS} of `nowMs`. */
export function isFresh(timestamp: string, nowMs: number): boolean {
	if (!/^\d{1,12}$/.test(timestamp)) return false;
	return Math.abs(nowMs - Number(timestamp) * 1000) <= MAX_AGE_SECONDS * 1000;
}

/** Whether the signature is the secret's over these exact bytes, compared in constant time. */
export function signatureMatches(secret: string, parts: SignedParts, rawBody: Buffer): boolean {
	if (!/^[0-9a-f]{64}$/i.test(parts.signature)) return false;
	const expected = createHmac('sha256', secret)
		.update(`${parts.timestamp}.`)
		.update(rawBody)
		.digest();
	return timingSafeEqual(expected, Buffer.from(parts.signature, 'hex'));
}
