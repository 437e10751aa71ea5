/**
 * Expressions a user may write for a per-item parameter, each with the field path it reads when it
 * is a plain field reference (undefined: n8n must evaluate it), and items that give every one of
 * them something to read: a string, a number, a boolean, null, an empty string, a list, an object,
 * a missing field, a field of another type in another item.
 */
export const EXPRESSIONS: Array<[expression: string, plain: string[] | undefined]> = [
	['={{ $json.email }}', ['email']],
	['={{$json.email}}', ['email']],
	['={{   $json.email   }}', ['email']],
	['={{ $json["email"] }}', ['email']],
	["={{ $json['email'] }}", ['email']],
	['={{ $json.contact.email }}', ['contact', 'email']],
	['={{ $json["contact"]["email"] }}', ['contact', 'email']],
	['={{ $json["e-mail"] }}', ['e-mail']],
	['={{ $json["a.b"] }}', ['a.b']],
	['={{ $json.count }}', ['count']],
	['={{ $json.flag }}', ['flag']],
	['={{ $json.nothing }}', ['nothing']],
	['={{ $json.empty }}', ['empty']],
	['={{ $json.list }}', ['list']],
	['={{ $json.contact }}', ['contact']],
	['={{ $json.contact.missing.deeper }}', ['contact', 'missing', 'deeper']],
	['={{ $json.constructor }}', ['constructor']],
	['={{ $json.__proto__ }}', ['__proto__']],
	// Not plain: n8n evaluates them.
	['={{ $json.email.toLowerCase() }}', undefined],
	['={{ $json.email }} ', undefined],
	['=to: {{ $json.email }}', undefined],
	['={{ $json.email }},{{ $json.other }}', undefined],
	['={{ $json.email || $json.other }}', undefined],
	['={{ $json[0] }}', undefined],
	['={{ $json["x\\"y"] }}', undefined],
	['={{ $input.item.json.email }}', undefined],
	['={{ $("Start").item.json.email }}', undefined],
	['={{ $json }}', undefined],
	['$json.email', undefined],
	['{{ $json.email }}', undefined],
];

export const ITEMS = [
	{
		email: 'ana@example.com',
		other: 'bob@example.com',
		contact: { email: 'cara@example.com' },
		'e-mail': 'dan@example.com',
		'a.b': 'eve@example.com',
		count: 42,
		flag: true,
		nothing: null,
		empty: '',
		list: ['fay@example.com', 'gus@example.com'],
	},
	{ email: 'ANA@EXAMPLE.COM', contact: 'not an object' },
	{ email: 'hal@example.com, ivy@example.com', contact: { email: 'jo@example.com' } },
];
