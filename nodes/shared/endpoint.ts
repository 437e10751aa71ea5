/**
 * Checks the endpoint of an "API Call" operation: it must be a path on the credential's own host,
 * so the credential's secret can never be sent elsewhere. Returns the path with one leading slash,
 * or a reason it was refused.
 */
export function checkRelativeEndpoint(endpoint: string): { path: string } | { refused: string } {
	const trimmed = endpoint.trim();
	if (!trimmed) return { refused: 'The endpoint is empty' };
	if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) {
		return { refused: 'The endpoint is an absolute URL; only a path on the service is allowed' };
	}
	if (trimmed.startsWith('//') || trimmed.includes('\\')) {
		return { refused: 'The endpoint names another host; only a path on the service is allowed' };
	}
	const path = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
	const pathOnly = path.split(/[?#]/)[0];
	if (pathOnly.split('/').some((segment) => segment === '..' || segment === '%2e%2e')) {
		return { refused: 'The endpoint climbs out of the service path with ".."' };
	}
	if (/[\s@]/.test(pathOnly)) {
		return { refused: 'The endpoint contains spaces or "@"; encode them or remove them' };
	}
	return { path };
}
