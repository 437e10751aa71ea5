import { checkRelativeEndpoint } from '../../nodes/shared/endpoint';

describe('checkRelativeEndpoint', () => {
	it.each([
		['/rest/v1/leads.json', '/rest/v1/leads.json'],
		['rest/v1/leads.json', '/rest/v1/leads.json'],
		['  /person?x=1 ', '/person?x=1'],
	])('accepts %j as %j', (input, path) => {
		expect(checkRelativeEndpoint(input)).toEqual({ path });
	});

	it.each([
		['', 'The endpoint is empty'],
		[
			'https://evil.example.com/steal',
			'The endpoint is an absolute URL; only a path on the service is allowed',
		],
		['HTTP://host/x', 'The endpoint is an absolute URL; only a path on the service is allowed'],
		[
			'javascript:alert(1)',
			'The endpoint is an absolute URL; only a path on the service is allowed',
		],
		[
			'//evil.example.com/x',
			'The endpoint names another host; only a path on the service is allowed',
		],
		[
			'/\\evil.example.com',
			'The endpoint names another host; only a path on the service is allowed',
		],
		['/rest/../../identity', 'The endpoint climbs out of the service path with ".."'],
		['/x@evil.example.com', 'The endpoint contains spaces or "@"; encode them or remove them'],
	])('refuses %j', (input, refused) => {
		expect(checkRelativeEndpoint(input)).toEqual({ refused });
	});
});
