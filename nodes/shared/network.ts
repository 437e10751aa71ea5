/** How a request that got no answer failed, read from the error n8n's request helper throws. */

/** Codes that mean the request never left: nothing reached the service, so any call may be sent again. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** The network error code (`ECONNRESET`, ...) of an error or of one of its causes. */
export function networkCodeOf(error: unknown): string | undefined {
	let current = error as { code?: unknown; cause?: unknown } | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		if (typeof current.code === 'string' && /^E[A-Z_]+$/.test(current.code)) return current.code;
		current = current.cause as typeof current;
	}
	return undefined;
}

/** Whether a network code says the request was never sent (refused, unknown host). */
export function wasNotSent(code: string | undefined): boolean {
	return code !== undefined && NOT_SENT_CODES.has(code);
}
