import * as fieldReference from '../../nodes/shared/fieldReference';
import { useMarketing } from '../nodes/MarketingAutomation/helpers';
import { leadLookupByEmail } from '../harness/marketing';
import { EXPRESSIONS, ITEMS } from './expressionTable';

const { plainFieldPath } = fieldReference;

/**
 * Plain field references (`{{ $json.email }}`) are read from the item without n8n's evaluator.
 * Every expression of the table runs through a look-up twice, once as shipped and once with the
 * fast path switched off (n8n evaluates every item): the requests, outputs and errors must be the
 * same. The plain ones must take the fast path, the others must still go through n8n. The same
 * comparison for the enrichment nodes and program members is in `itemParameters.test.ts`.
 */
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
