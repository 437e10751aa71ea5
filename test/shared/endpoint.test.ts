import { echo } from '../../nodes/shared/echo';
import { checkEndpoint, resolveUnderBase } from '../../nodes/shared/endpoint';

const DOT_SEGMENT =
	'The endpoint contains a dot segment ("." or "..", in any encoding), an empty segment or an encoded slash, which could leave the service path';
const ABSOLUTE = 'The endpoint is an absolute URL or names another host; only a path is allowed';
const CONTROL = 'The endpoint contains control characters or line breaks';
const BACKSLASH = 'The endpoint contains a backslash';

describe('checkEndpoint', () => {
	it.each([
		['/rest/v1/leads.json', '/rest/v1/leads.json', []],
		['rest/v1/leads.json', '/rest/v1/leads.json', []],
		['  /person?x=1 ', '/person', [['x', '1']]],
		[
			'/rest/v1/leads.json?id=7&id=8',
			'/rest/v1/leads.json',
			[
				['id', '7'],
				['id', '8'],
			],
		],
		['/v1/people/match?email=a@b.example', '/v1/people/match', [['email', 'a@b.example']]],
		['/rest/v1/lists/', '/rest/v1/lists/', []],
		['/files/a.b..c', '/files/a.b..c', []],
		['/x#fragment', '/x', []],
	])('accepts %j as path %j with query %j', (input, path, query) => {
		expect(checkEndpoint(input)).toEqual({ path, query });
	});

	it.each([
		['', 'The endpoint is empty'],
		[
			`/rest/${'x'.repeat(100_000)}`,
			'The endpoint is 100006 characters long; at most 2000 are allowed',
		],
		['   ', 'The endpoint is empty'],
		['https://evil.example.com/steal', ABSOLUTE],
		['HTTP://host/x', ABSOLUTE],
		['javascript:alert(1)', ABSOLUTE],
		['//evil.example.com/x', ABSOLUTE],
		['/\\evil.example.com', BACKSLASH],
		['/rest%5c..%5cidentity', BACKSLASH],
		['/rest/../../identity', DOT_SEGMENT],
		['/rest/%2e%2e/identity', DOT_SEGMENT],
		['/rest/%2E%2E/identity', DOT_SEGMENT],
		['/rest/.%2e/identity', DOT_SEGMENT],
		['/rest/%2e./identity', DOT_SEGMENT],
		['/rest/%2E./identity', DOT_SEGMENT],
		['/rest/%252e%252e/identity', DOT_SEGMENT],
		['/rest/..;/identity', DOT_SEGMENT],
		['/rest/.;x/identity', DOT_SEGMENT],
		['/rest/./v1', DOT_SEGMENT],
		['/rest/..', DOT_SEGMENT],
		['/rest/%2e%2e', DOT_SEGMENT],
		['/rest/a%2f..%2fb', DOT_SEGMENT],
		['/rest//v1', DOT_SEGMENT],
		['/rest/v1\r\nHost: evil', CONTROL],
		['/rest/v1%0d%0aX: y', CONTROL],
		['/rest/v1\u0000', CONTROL],
		['/x@evil.example.com', 'The endpoint path contains spaces or "@"; encode them or remove them'],
		['/a b', 'The endpoint path contains spaces or "@"; encode them or remove them'],
	])('refuses %j', (input, refused) => {
		expect(checkEndpoint(input)).toEqual({ refused });
	});

	it.each([
		[null, 'null'],
		[42, 'number'],
		[{ path: '/x' }, 'object'],
		[['/x'], 'a list'],
		[undefined, 'undefined'],
	])('refuses the non-text endpoint %j', (input, kind) => {
		expect(checkEndpoint(input)).toEqual({
			refused: `The endpoint must be text such as /v1/path, not ${kind}`,
		});
	});

	it('keeps to the allowed prefixes', () => {
		const rules = { allowedPrefixes: ['/rest/', '/bulk/'] };
		expect(checkEndpoint('/identity/oauth/token', rules)).toEqual({
			refused: 'The endpoint must start with /rest/ or /bulk/',
		});
		expect(checkEndpoint('/bulk/v1/leads/export.json', rules)).toEqual({
			path: '/bulk/v1/leads/export.json',
			query: [],
		});
	});
});

describe('resolveUnderBase', () => {
	it('joins base and path as the HTTP client does', () => {
		expect(resolveUnderBase('https://api.example.com/v2/', '/people/match')).toEqual({
			url: 'https://api.example.com/v2/people/match',
		});
		expect(resolveUnderBase('https://api.example.com/v2', 'people')).toEqual({
			url: 'https://api.example.com/v2/people',
		});
		expect(resolveUnderBase('https://api.example.com', '/rest/v1/leads.json')).toEqual({
			url: 'https://api.example.com/rest/v1/leads.json',
		});
	});

	it.each([
		['https://api.example.com/v2/', '/../admin'],
		['https://api.example.com/v2/', '/%2E%2E/admin'],
		['https://api.example.com/v2/', '/.%2e/admin'],
		['https://api.example.com/', '/identity/oauth/token'],
	])('refuses what resolves outside %s: %s', (base, path) => {
		expect(
			resolveUnderBase(base, path, base.endsWith('.com/') ? { allowedPrefixes: ['/rest/'] } : {}),
		).toEqual({ refused: "The endpoint resolves outside the credential's base URL" });
	});

	it('refuses a base URL that is not a URL', () => {
		expect(resolveUnderBase('not a url', '/x')).toEqual({
			refused: 'The base URL of the credential is not a valid URL',
		});
	});
});

describe('echo', () => {
	it('keeps short values and cuts long ones to 100 characters with the length', () => {
		expect(echo('abc')).toBe('abc');
		expect(echo('x'.repeat(100_000))).toBe(`${'x'.repeat(100)}… (100000 characters)`);
		expect(echo('a@b.example\r\nBcc: c@d.example\u0000')).toBe(
			'a@b.example\\r\\nBcc: c@d.example\\u0000',
		);
	});
});
