import {
	checkAbn,
	checkDomain,
	checkEmail,
	checkProfileSlug,
	checkProfileUrl,
	checkWebsite,
	isValidAbn,
	normalizeAbn,
	normalizeDomain,
} from '../../nodes/enrichment/validation';

describe('ABN (mod-89 checksum)', () => {
	it.each([
		['51824753556', true], // ABR's worked example
		['53004085616', true],
		['47065475149', true],
		['42021773747', true],
		['51 824 753 556', true],
		['51824753557', false], // last digit changed
		['15824753556', false], // first two digits swapped
		['12345678901', false],
		['00000000000', false], // a leading 0 is refused
		['5182475355', false],
		['518247535560', false],
	])('%s → %s', (abn, valid) => {
		expect(isValidAbn(abn)).toBe(valid);
	});

	it('pins the structurally valid 10000000000 (weighted sum 0) as accepted by the arithmetic', () => {
		expect(isValidAbn('10000000000')).toBe(true);
	});

	it('removes spaces and explains each refusal', () => {
		expect(normalizeAbn(' 51 824\t753 556 ')).toBe('51824753556');
		expect(checkAbn('51 824 753 556')).toEqual({ value: '51824753556' });
		expect(checkAbn('')).toEqual({ refused: 'The ABN is empty' });
		expect(checkAbn('51-824-753-556')).toEqual({
			refused: 'The ABN "51-824-753-556" contains characters other than digits and spaces',
		});
		expect(checkAbn('123')).toEqual({ refused: 'The ABN "123" has 3 digits; an ABN has 11' });
		expect(checkAbn('51824753557')).toEqual({
			refused: 'The ABN "51824753557" fails the ABN checksum (a digit is wrong or swapped)',
		});
	});
});

describe('e-mail', () => {
	it('normalises case and spaces', () => {
		expect(checkEmail('  Jane.Doe@Example.COM ')).toEqual({ value: 'jane.doe@example.com' });
	});
	it.each([
		['', 'The email address is empty'],
		['jane', '"jane" is not a valid email address'],
		['jane@example', '"jane@example" is not a valid email address'],
		['jane..doe@example.com', '"jane..doe@example.com" is not a valid email address'],
		['https://example.com/jane', '"https://example.com/jane" is a URL, not an email address'],
	])('refuses %j', (value, refused) => {
		expect(checkEmail(value)).toEqual({ refused });
	});
});

describe('profile URLs', () => {
	it.each([
		['https://www.linkedin.com/in/Jane-Doe/', 'https://www.linkedin.com/in/jane-doe'],
		['linkedin.com/in/jane-doe?utm=x#top', 'https://www.linkedin.com/in/jane-doe'],
		['http://au.linkedin.com/in/jane-doe', 'https://www.linkedin.com/in/jane-doe'],
		['https://www.linkedin.com/in/j%C3%BCrgen-m', 'https://www.linkedin.com/in/j%C3%BCrgen-m'],
	])('person %s → %s', (url, canonical) => {
		expect(checkProfileUrl(url, 'person')).toEqual({ value: canonical });
	});

	it('company URLs have their own kind', () => {
		expect(checkProfileUrl('https://www.linkedin.com/company/Acme-Pty/', 'company')).toEqual({
			value: 'https://www.linkedin.com/company/acme-pty',
		});
		expect(checkProfileUrl('https://www.linkedin.com/company/acme', 'person')).toEqual({
			refused:
				'"https://www.linkedin.com/company/acme" is a company profile URL, not a person profile URL',
		});
		expect(checkProfileUrl('https://www.linkedin.com/in/jane', 'company')).toEqual({
			refused:
				'"https://www.linkedin.com/in/jane" is a person profile URL, not a company profile URL',
		});
	});

	it.each([
		['', 'The profile URL is empty'],
		['jane@example.com', '"jane@example.com" is an email address, not a profile URL'],
		[
			'https://evil.example.com/in/jane',
			'"https://evil.example.com/in/jane" is not a URL on the professional network',
		],
		[
			'https://linkedin.com.evil.example/in/jane',
			'"https://linkedin.com.evil.example/in/jane" is not a URL on the professional network',
		],
		[
			'https://www.linkedin.com/feed/',
			'"https://www.linkedin.com/feed/" is not a person profile URL (expected …/in/<name>)',
		],
		[
			'ftp://www.linkedin.com/in/jane',
			'"ftp://www.linkedin.com/in/jane" is not a URL on the professional network',
		],
	])('refuses %j', (url, refused) => {
		expect(checkProfileUrl(url, 'person')).toEqual({ refused });
	});

	it('slugs', () => {
		expect(checkProfileSlug(' Jane-Doe ')).toEqual({ value: 'jane-doe' });
		expect(checkProfileSlug('/jane-doe/')).toEqual({ value: 'jane-doe' });
		expect(checkProfileSlug('in/jane')).toEqual({
			refused: '"in/jane" is a URL, not a profile slug (use the profile URL option for URLs)',
		});
		expect(checkProfileSlug('jane@x.com')).toEqual({
			refused: '"jane@x.com" is an email address, not a profile slug',
		});
		expect(checkProfileSlug('a')).toEqual({ refused: '"a" is not a valid profile slug' });
	});
});

describe('domains and websites', () => {
	it.each([
		['Example.com', 'example.com'],
		['WWW.example.com.au', 'example.com.au'],
		['https://www.example.com/about?x=1', 'example.com'],
		['example.com.', 'example.com'],
		['example.com:8080', 'example.com'],
	])('domain %s → %s', (input, domain) => {
		expect(normalizeDomain(input)).toBe(domain);
		expect(checkDomain(input)).toEqual({ value: domain });
	});

	it.each([
		['', 'The domain is empty'],
		['sales@example.com', '"sales@example.com" is an email address, not a domain'],
		['example', '"example" is not a valid domain name'],
		['exa mple.com', '"exa mple.com" is not a valid domain name'],
		['-example.com', '"-example.com" is not a valid domain name'],
		['linkedin.com', '"linkedin.com" is a professional-network address, not a company domain'],
	])('refuses domain %j', (input, refused) => {
		expect(checkDomain(input)).toEqual({ refused });
	});

	it.each([
		['example.com', 'https://example.com'],
		['http://WWW.Example.com/', 'https://example.com'],
		['https://example.com/au/', 'https://example.com/au'],
	])('website %s → %s', (input, website) => {
		expect(checkWebsite(input)).toEqual({ value: website });
	});

	it.each([
		['', 'The website is empty'],
		['info@example.com', '"info@example.com" is an email address, not a website'],
		['example com', '"example com" contains spaces and is not a website address'],
		['mailto:x', '"mailto:x" is not a website address (http or https)'],
		['http://localhost/', '"http://localhost/" does not name a valid host'],
		[
			'https://www.linkedin.com/company/x',
			'"https://www.linkedin.com/company/x" is a professional-network profile, not the company\'s website (use the profile URL option)',
		],
	])('refuses website %j', (input, refused) => {
		expect(checkWebsite(input)).toEqual({ refused });
	});
});
