/**
 * Base addresses of the administration API per region. The `latest` path segment is the API's
 * version; every operation path is relative to `<base>/latest`.
 */
export const REGION_BASE_URLS: Record<string, string> = {
	au: 'https://api-f1db6c.stack.tryrelevance.com',
	eu: 'https://api-d7b62b.stack.tryrelevance.com',
	us: 'https://api-bcbe5a.stack.tryrelevance.com',
};

export const API_VERSION_SEGMENT = 'latest';

/**
 * Custom base URLs are accepted with or without a trailing slash or the version segment, and
 * without a scheme (then `https://`).
 */
export function adminBaseUrl(credentials: { region?: unknown; baseUrl?: unknown }): string {
	const region = String(credentials.region ?? '');
	const host =
		REGION_BASE_URLS[region] ??
		String(credentials.baseUrl ?? '')
			.trim()
			.replace(/\/+$/, '')
			.replace(new RegExp(`/${API_VERSION_SEGMENT}$`), '')
			.replace(/^(?![a-z][a-z0-9+.-]*:\/\/)/i, 'https://');
	return `${host}/${API_VERSION_SEGMENT}`;
}
