import { instanceUrls } from '../../../../nodes/MarketingAutomation/transport/instance';

describe('instanceUrls', () => {
	it.each([
		'https://123-ABC-456.mktorest.com/rest',
		'https://123-ABC-456.mktorest.com/rest/',
		'https://123-ABC-456.mktorest.com',
		'https://123-ABC-456.mktorest.com/',
		'  https://123-ABC-456.mktorest.com//rest// ',
		'https://123-ABC-456.mktorest.com/identity',
		'HTTPS://123-ABC-456.mktorest.com/REST',
	])('derives the same prefixes from %j', (input) => {
		expect(instanceUrls(input)).toEqual({
			base: 'https://123-ABC-456.mktorest.com',
			rest: 'https://123-ABC-456.mktorest.com/rest',
			tokenUrl: 'https://123-ABC-456.mktorest.com/identity/oauth/token',
		});
	});

	it('keeps a port and a path prefix', () => {
		expect(instanceUrls('http://127.0.0.1:5680/proxy/rest').tokenUrl).toBe(
			'http://127.0.0.1:5680/proxy/identity/oauth/token',
		);
	});

	it.each(['', 'ftp://x/rest', '123-ABC-456.mktorest.com/rest', 'https:///rest'])(
		'refuses %j',
		(input) => {
			expect(() => instanceUrls(input)).toThrow(/REST endpoint/);
		},
	);
});
