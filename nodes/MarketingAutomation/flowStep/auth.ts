import { createHash, timingSafeEqual } from 'crypto';
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

/**
 * Whether a call carries the credential the service was given: the `x-api-key` header, or HTTP
 * Basic. Compared in constant time over hashes (equal lengths whatever was sent). `missing` (401)
 * when nothing usable was sent, `wrong` (403) when it does not match.
 */
type AuthCheck = 'ok' | 'missing' | 'wrong';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
const same = (sent: string, expected: string) =>
	expected !== '' && timingSafeEqual(digest(sent), digest(expected));

const header = (headers: IDataObject, name: string): string | undefined => {
	const value = headers[name];
	return typeof value === 'string' ? value : undefined;
};

export function checkAuth(
	headers: IDataObject,
	credentials: ICredentialDataDecryptedObject,
): AuthCheck {
	if (credentials.authentication === 'basic') {
		const authorization = header(headers, 'authorization') ?? '';
		const encoded = /^Basic\s+(\S+)$/i.exec(authorization)?.[1];
		if (!encoded) return 'missing';
		const expected = `${String(credentials.user ?? '')}:${String(credentials.password ?? '')}`;
		const sent = Buffer.from(encoded, 'base64').toString('utf8');
		return same(sent, expected) && String(credentials.user ?? '') !== '' ? 'ok' : 'wrong';
	}
	const key = header(headers, 'x-api-key');
	if (!key) return 'missing';
	return same(key, String(credentials.apiKey ?? '')) ? 'ok' : 'wrong';
}
