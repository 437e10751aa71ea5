/**
 * Where an instance lives. Users paste the "REST API endpoint" from the service's admin page
 * (`https://<instance>/rest`), but also the bare host, a trailing slash, the identity URL or a
 * doubled slash. Every form maps to one base, from which the three prefixes are rebuilt, so the
 * token URL always derives from the same host as the API calls.
 */
export interface InstanceUrls {
	/** `https://host[:port][/prefix]` without a trailing slash. */
	base: string;
	/** `<base>/rest`: the prefix of every API call. */
	rest: string;
	/** `<base>/identity/oauth/token`: the client-credentials token endpoint. */
	tokenUrl: string;
}

export function instanceUrls(restEndpoint: unknown): InstanceUrls {
	let value = typeof restEndpoint === 'string' ? restEndpoint.trim() : '';
	const scheme = /^(https?):\/\//i.exec(value);
	if (!scheme) {
		throw new Error(
			'The REST endpoint must be an http(s) URL such as https://123-ABC-456.example.com/rest',
		);
	}
	let rest = value.slice(scheme[0].length).replace(/\/{2,}/g, '/');
	rest = rest.split(/[?#]/)[0];
	// Strip trailing slashes and a trailing /rest or /identity (any case), repeatedly.
	for (;;) {
		const next = rest.replace(/\/+$/, '').replace(/\/(rest|identity)$/i, '');
		if (next === rest) break;
		rest = next;
	}
	if (!rest || rest.startsWith('/')) {
		throw new Error('The REST endpoint has no host name');
	}
	value = `${scheme[1].toLowerCase()}://${rest}`;
	return { base: value, rest: `${value}/rest`, tokenUrl: `${value}/identity/oauth/token` };
}
