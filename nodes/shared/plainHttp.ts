/**
 * An `https://` address whose server speaks plain HTTP fails the TLS handshake before anything is
 * sent: Node reports EPROTO (or an OpenSSL "wrong version number"). The fix is the address's
 * scheme, not a certificate: say so, and suggest the `http://` form of the same address.
 */
const PLAIN_HTTP_CODES = new Set([
	'EPROTO',
	'ERR_SSL_WRONG_VERSION_NUMBER',
	'ERR_SSL_PACKET_LENGTH_TOO_LONG',
	'ERR_SSL_HTTP_REQUEST',
]);

export function isPlainHttpAnswer(code: string | undefined): boolean {
	return code !== undefined && PLAIN_HTTP_CODES.has(code);
}

/** The sentence every node and credential test shows for such a failure (with the `http://` form). */
export function plainHttpAdvice(url: string, field: string, code: string): string {
	const plain = url.replace(/^https:\/\//i, 'http://');
	return `The address ${url} did not answer over HTTPS (${code}): it probably serves plain HTTP. If it does, enter ${plain} in ${field}; nothing was sent`;
}
