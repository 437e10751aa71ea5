/**
 * The guard of every "API Call" operation: the endpoint must stay a path under the credential's
 * base URL, decided on the URL exactly as the HTTP client resolves it (WHATWG URL parsing, which
 * turns `%2E%2E`, `.%2e` and `%2e.` into `..`), so the credential's secret never reaches another
 * host or another path of the same host.
 */

type EndpointCheck = { path: string; query: Array<[string, string]> } | { refused: string };

export interface EndpointRules {
	/** Paths the endpoint must start with (after normalisation), e.g. `/rest/` and `/bulk/`. */
	allowedPrefixes?: string[];
}

/** Far above any real path with its query (servers refuse URLs over 8 KB). */
const MAX_ENDPOINT = 2000;

// C0 controls and DEL (line breaks included), raw or percent-encoded.
const hasControl = (value: string) =>
	[...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

/** Percent-decodes a segment up to three times (servers and proxies may decode again). */
function decodings(segment: string): string[] {
	const seen = [segment];
	let current = segment;
	for (let round = 0; round < 3; round++) {
		let next: string;
		try {
			next = decodeURIComponent(current);
		} catch {
			break;
		}
		if (next === current) break;
		seen.push(next);
		current = next;
	}
	return seen;
}

/** Whether a path segment is, or becomes for some server, a dot segment or a path separator. */
function isDangerousSegment(segment: string): boolean {
	return decodings(segment).some(
		(form) =>
			/^\.{1,2}(;.*)?$/.test(form) || form.includes('/') || form.includes('\\') || form === '',
	);
}

/**
 * Checks an endpoint as typed or computed by an expression. Refuses non-text, absolute URLs,
 * other hosts, userinfo, backslashes, control characters, and dot segments in any encoding and
 * case (including `..;`). Returns the path (one leading slash) and the inline query pairs, with
 * repeated keys kept.
 */
export function checkEndpoint(endpoint: unknown, rules: EndpointRules = {}): EndpointCheck {
	if (typeof endpoint !== 'string') {
		const kind = endpoint === null ? 'null' : Array.isArray(endpoint) ? 'a list' : typeof endpoint;
		return { refused: `The endpoint must be text such as /v1/path, not ${kind}` };
	}
	const trimmed = endpoint.trim();
	if (!trimmed) return { refused: 'The endpoint is empty' };
	if (trimmed.length > MAX_ENDPOINT) {
		return {
			refused: `The endpoint is ${trimmed.length} characters long; at most ${MAX_ENDPOINT} are allowed`,
		};
	}
	if (hasControl(trimmed) || ENCODED_CONTROL.test(trimmed)) {
		return { refused: 'The endpoint contains control characters or line breaks' };
	}
	if (trimmed.includes('\\') || /%5c/i.test(trimmed)) {
		return { refused: 'The endpoint contains a backslash' };
	}
	if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) {
		return {
			refused: 'The endpoint is an absolute URL or names another host; only a path is allowed',
		};
	}
	const hashAt = trimmed.indexOf('#');
	const withoutFragment = hashAt === -1 ? trimmed : trimmed.slice(0, hashAt);
	const queryAt = withoutFragment.indexOf('?');
	const rawPath = queryAt === -1 ? withoutFragment : withoutFragment.slice(0, queryAt);
	const rawQuery = queryAt === -1 ? '' : withoutFragment.slice(queryAt + 1);
	const path = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
	if (/[\s@]/.test(path)) {
		return { refused: 'The endpoint path contains spaces or "@"; encode them or remove them' };
	}
	const segments = path.slice(1).split('/');
	// A trailing slash leaves one empty last segment, which is harmless.
	const inner = segments[segments.length - 1] === '' ? segments.slice(0, -1) : segments;
	if (path !== '/' && inner.some(isDangerousSegment)) {
		return {
			refused:
				'The endpoint contains a dot segment ("." or "..", in any encoding), an empty segment or an encoded slash, which could leave the service path',
		};
	}
	if (rules.allowedPrefixes && !rules.allowedPrefixes.some((prefix) => path.startsWith(prefix))) {
		return {
			refused: `The endpoint must start with ${rules.allowedPrefixes.join(' or ')}`,
		};
	}
	return { path, query: [...new URLSearchParams(rawQuery).entries()] };
}

/**
 * The URL the HTTP client will call for `path` under `baseUrl` (base and path joined by one
 * slash, then resolved by WHATWG rules), or why it was refused: it must keep the base URL's
 * origin and stay under its path (and under an allowed prefix, if any).
 */
export function resolveUnderBase(
	baseUrl: string,
	path: string,
	rules: EndpointRules = {},
): { url: string } | { refused: string } {
	let base: URL;
	let resolved: URL;
	try {
		base = new URL(baseUrl);
		resolved = new URL(`${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
	} catch {
		return { refused: 'The base URL of the credential is not a valid URL' };
	}
	const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
	const relative = `/${resolved.pathname.slice(basePath.length)}`;
	if (
		resolved.origin !== base.origin ||
		resolved.username !== '' ||
		resolved.password !== '' ||
		!`${resolved.pathname}/`.startsWith(basePath) ||
		(rules.allowedPrefixes && !rules.allowedPrefixes.some((prefix) => relative.startsWith(prefix)))
	) {
		return { refused: "The endpoint resolves outside the credential's base URL" };
	}
	return { url: resolved.href };
}
