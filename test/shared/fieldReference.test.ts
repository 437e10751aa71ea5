import * as fieldReference from '../../nodes/shared/fieldReference';
import { useMarketing } from '../nodes/MarketingAutomation/helpers';
import { leadLookupByEmail } from '../harness/marketing';

const { plainFieldPath } = fieldReference;

/**
 * Plain field references (`{{ $json.email }}`) are read from the item without n8n's evaluator.
 * Every expression of the table runs through a look-up twice, once as shipped and once with the
 * fast path switched off (n8n evaluates every item): the requests, outputs and errors must be the
 * same. The plain ones must take the fast path, the others must still go through n8n.
 */
const EXPRESSIONS: Array<[expression: string, plain: string[] | undefined]> = [
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

const ITEMS = [
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

describe('plain field references', () => {
	it.each(EXPRESSIONS)('%s is plain: %j', (expression, plain) => {
		expect(plainFieldPath(expression)).toEqual(plain);
	});

	describe('read without the evaluator, the same as n8n reads them', () => {
		const env = useMarketing();
		const sim = () => env.sim.services.marketing;

		/** Requests, output and error of one look-up run over the three items. */
		const lookUp = async (expression: string) => {
			const result = await env.run(leadLookupByEmail({}, expression), {
				items: ITEMS,
				continueOnFail: true,
			});
			const requests = sim().calls.map((c) => `${c.method} ${c.path} ${JSON.stringify(c.query)}`);
			sim().calls.length = 0;
			return {
				requests,
				output: result.error ? [] : result.output(),
				error: result.error?.message,
			};
		};

		it.each(EXPRESSIONS.map(([expression]) => [expression]))('%s', async (expression) => {
			const fast = await lookUp(expression);
			const reader = jest.spyOn(fieldReference, 'plainFieldReader').mockReturnValue(undefined);
			const evaluated = await lookUp(expression);
			reader.mockRestore();
			expect(fast).toEqual(evaluated);
		});
	});
});
