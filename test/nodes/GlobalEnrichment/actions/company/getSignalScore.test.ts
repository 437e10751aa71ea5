import nock from 'nock';

import { items, withSimulator } from '../../../../harness/enrichment';
import { runNockService } from '../../helpers';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

const score = { resource: 'company', operation: 'getSignalScore' };

describe('Global Enrichment › Company › Get Signal Score (simulator)', () => {
	const ctx = withSimulator();

	it("scores the ids in one call, matched by id; NO_SCORE is that item's error", async () => {
		const global = ctx.sim.services.global;
		global.signalOps.signals.set('c-1001', [
			{ type: 'allSignals', date: '2026-10-01', details: {} },
			{ type: 'allSignals', date: '2026-10-02', details: {} },
		]);
		global.signalOps.signals.set('c-1003', [
			{ type: 'allSignals', date: '2026-10-01', details: {} },
		]);
		const result = await ctx.runGlobalService(
			score,
			[{ id: 'c-1001' }, { id: 'c-1002' }, { id: 'c-1003' }],
			true,
		);
		expect(result.error).toBeUndefined();
		expect(global.calls.map((c) => [c.method, c.path, c.body])).toEqual([
			['POST', '/v3/companies/signal-score', { ids: ['c-1001', 'c-1002', 'c-1003'] }],
		]);
		expect(items(result)).toEqual([
			{ json: { id: 'c-1001', score: 50, creditsCharged: 0 }, pairedItem: { item: 0 } },
			{
				json: {
					error: 'The service has no signal score for company "c-1002" (NO_SCORE) in item 1',
					description:
						'The record has no signals to score yet; try again later or use Get Signals.',
				},
				pairedItem: { item: 1 },
			},
			{ json: { id: 'c-1003', score: 25, creditsCharged: 0 }, pairedItem: { item: 2 } },
		]);
	});
});

describe('Global Enrichment › Company › Get Signal Score (wire)', () => {
	afterEach(() => nock.cleanAll());

	it('sends 250 ids in 3 calls and pairs the scores by id', async () => {
		const ids = Array.from({ length: 250 }, (_, n) => `x-${n}`);
		const sizes: number[] = [];
		nock('https://global.test', { reqheaders: { api_key: 'g-secret' } })
			.post('/v3/companies/signal-score')
			.times(3)
			.reply(200, (_uri, body: { ids: string[] }) => {
				sizes.push(body.ids.length);
				return {
					results: [...body.ids].reverse().map((id) => ({ id, score: Number(id.slice(2)) })),
				};
			});
		const result = await runNockService(
			score,
			ids.map((id) => ({ id })),
		);
		expect(result.error).toBeUndefined();
		expect(sizes.sort()).toEqual([100, 100, 50]);
		expect(result.json().map((json) => json.score)).toEqual(ids.map((_, n) => n));
	});

	it('an empty id is refused before any call', async () => {
		nock.disableNetConnect();
		const result = await runNockService(score, [{ id: 'c-1001' }, { id: ' ' }]);
		expect(result.error?.message).toBe('Invalid "Company ID" in item 1: it is empty');
	});
});
