/**
 * The enrichment nodes' input checks (e-mail, ABN, profile URLs and slugs, domains, websites,
 * names); each runs before any HTTP call, so no credit is spent.
 */

import { echo } from '../shared/echo';
import { isValidEmail } from '../shared/validation';

/** A check's verdict: the normalised value, or why the input was refused (shown to the user). */
export type Checked = { value: string } | { refused: string };

// ---------------------------------------------------------------------------------------------
// ABN (Australian Business Number): 11 digits, modulus-89 check over the weights below, after
// subtracting 1 from the first digit (Australian Business Register, "Format of the ABN").

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** Removes the spaces people type in ABNs ("51 824 753 556"). */
export function normalizeAbn(value: string): string {
	return value.replace(/\s+/g, '');
}

export function isValidAbn(value: string): boolean {
	const digits = normalizeAbn(value);
	if (!/^[1-9]\d{10}$/.test(digits)) return false;
	const sum = digits
		.split('')
		.map(Number)
		.reduce(
			(total, digit, index) => total + (index === 0 ? digit - 1 : digit) * ABN_WEIGHTS[index],
			0,
		);
	return sum % 89 === 0;
}

export function checkAbn(value: string): Checked {
	const digits = normalizeAbn(value);
	if (!digits) return { refused: 'The ABN is empty' };
	if (!/^\d+$/.test(digits))
		return { refused: `The ABN "${echo(value)}" contains characters other than digits and spaces` };
	if (digits.length !== 11) {
		return { refused: `The ABN "${echo(value)}" has ${digits.length} digits; an ABN has 11` };
	}
	if (!isValidAbn(digits)) {
		return {
			refused: `The ABN "${echo(value)}" fails the ABN checksum (a digit is wrong or swapped)`,
		};
	}
	return { value: digits };
}

// ---------------------------------------------------------------------------------------------
// Email

export function checkEmail(value: string): Checked {
	const email = value.trim().toLowerCase();
	if (!email) return { refused: 'The email address is empty' };
	if (looksLikeUrl(email)) {
		return { refused: `"${echo(value)}" is a URL, not an email address` };
	}
	if (!isValidEmail(email)) return { refused: `"${echo(value)}" is not a valid email address` };
	return { value: email };
}

// ---------------------------------------------------------------------------------------------
// Professional-network profile URLs. The network's own host is a wire fact; people paste it with
// or without `www.`, a country subdomain, a query string or a trailing slash.

const NETWORK_HOST = /^(?:[a-z]{2,3}\.|www\.)?linkedin\.com$/;
const SLUG = /^[\p{L}\p{N}_%-]{2,100}$/u;

function looksLikeUrl(value: string): boolean {
	return (
		/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+\//i.test(value)
	);
}

function parseUrl(value: string): URL | undefined {
	const trimmed = value.trim();
	const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
	try {
		const url = new URL(withScheme);
		return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
	} catch {
		return undefined;
	}
}

type ProfileKind = 'person' | 'company';
const PROFILE_SEGMENT: Record<ProfileKind, string[]> = {
	person: ['in'],
	company: ['company'],
};

/**
 * Checks a network profile URL of the given kind and returns it in one canonical form
 * (`https://www.<network>/in/<slug>`), so the same profile typed two ways is looked up once.
 */
export function checkProfileUrl(value: string, kind: ProfileKind): Checked {
	const trimmed = value.trim();
	if (!trimmed) return { refused: 'The profile URL is empty' };
	if (!trimmed.includes('/') && trimmed.includes('@')) {
		return { refused: `"${echo(value)}" is an email address, not a profile URL` };
	}
	const url = parseUrl(trimmed);
	if (!url || !NETWORK_HOST.test(url.hostname.toLowerCase())) {
		return { refused: `"${echo(value)}" is not a URL on the professional network` };
	}
	const segments = url.pathname.split('/').filter(Boolean);
	const [section, slug] = segments;
	const other: ProfileKind = kind === 'person' ? 'company' : 'person';
	if (PROFILE_SEGMENT[other].includes(section)) {
		return { refused: `"${echo(value)}" is a ${other} profile URL, not a ${kind} profile URL` };
	}
	if (!PROFILE_SEGMENT[kind].includes(section) || !slug || segments.length > 3) {
		return {
			refused: `"${echo(value)}" is not a ${kind} profile URL (expected …/${PROFILE_SEGMENT[kind][0]}/<name>)`,
		};
	}
	let decoded: string;
	try {
		decoded = decodeURIComponent(slug);
	} catch {
		return { refused: `"${echo(value)}" has a malformed profile name` };
	}
	if (!SLUG.test(decoded)) return { refused: `"${echo(value)}" has a malformed profile name` };
	return {
		value: `https://www.linkedin.com/${section}/${encodeURIComponent(decoded.toLowerCase())}`,
	};
}

/** A profile slug (the last part of a person profile URL), lower-cased. */
export function checkProfileSlug(value: string): Checked {
	const trimmed = value.trim().replace(/^\/+|\/+$/g, '');
	if (!trimmed) return { refused: 'The profile slug is empty' };
	if (trimmed.includes('/') || looksLikeUrl(trimmed)) {
		return {
			refused: `"${echo(value)}" is a URL, not a profile slug (use the profile URL option for URLs)`,
		};
	}
	if (trimmed.includes('@'))
		return { refused: `"${echo(value)}" is an email address, not a profile slug` };
	if (!SLUG.test(trimmed)) return { refused: `"${echo(value)}" is not a valid profile slug` };
	return { value: trimmed.toLowerCase() };
}

// ---------------------------------------------------------------------------------------------
// Domains and websites

const HOSTNAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** `https://WWW.Acme.com.au/` and `acme.com.au` are the same domain: `acme.com.au`. */
export function normalizeDomain(value: string): string {
	let domain = value.trim().toLowerCase();
	domain = domain.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
	domain = domain.split(/[/?#]/)[0];
	domain = domain.replace(/:\d+$/, '').replace(/\.$/, '');
	return domain.replace(/^www\./, '');
}

export function checkDomain(value: string): Checked {
	const trimmed = value.trim();
	if (!trimmed) return { refused: 'The domain is empty' };
	if (/^[^/]*@/.test(trimmed)) {
		return { refused: `"${echo(value)}" is an email address, not a domain` };
	}
	const domain = normalizeDomain(trimmed);
	if (NETWORK_HOST.test(domain) || NETWORK_HOST.test(`www.${domain}`)) {
		return { refused: `"${echo(value)}" is a professional-network address, not a company domain` };
	}
	if (!HOSTNAME.test(domain)) return { refused: `"${echo(value)}" is not a valid domain name` };
	return { value: domain };
}

/** A website URL (scheme optional), normalised to `https://<host without www>[/path]`. */
export function checkWebsite(value: string): Checked {
	const trimmed = value.trim();
	if (!trimmed) return { refused: 'The website is empty' };
	if (/^[^/]*@/.test(trimmed))
		return { refused: `"${echo(value)}" is an email address, not a website` };
	if (/\s/.test(trimmed))
		return { refused: `"${echo(value)}" contains spaces and is not a website address` };
	const url = parseUrl(trimmed);
	if (!url) return { refused: `"${echo(value)}" is not a website address (http or https)` };
	const host = url.hostname.toLowerCase().replace(/^www\./, '');
	if (NETWORK_HOST.test(host) || NETWORK_HOST.test(`www.${host}`)) {
		return {
			refused: `"${echo(value)}" is a professional-network profile, not the company's website (use the profile URL option)`,
		};
	}
	if (!HOSTNAME.test(host)) return { refused: `"${echo(value)}" does not name a valid host` };
	const path = url.pathname.replace(/\/+$/, '');
	return { value: `https://${host}${path}` };
}

/** A person or company name: trimmed, inner spaces collapsed; the key for dedupe is lower-case. */
export function normalizeName(value: string): string {
	return value.trim().replace(/\s+/g, ' ');
}
