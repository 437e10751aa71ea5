import nock from 'nock';

import { items, withSimulator } from '../../harness/enrichment';
import { runNockService } from './helpers';

/**
 * Get Signal Score of contacts or companies (the same operation on two collections): one call
 * per 100 ids, scores matched by id, NO_SCORE as the item's error. `ids` are three records of the
 * simulator; the second gets no signal, so no score.
 */
export function describeSignalScore(kind: 'contact' | 'company', [a, b, c]: string[]) {
	const label = kind === 'contact' ? 'Contact' : 'Company';
	const collection = kind === 'contact' ? 'contacts' : 'companies';
	const score = { resource: kind, operation: 'getSignalScore' };

	describe(`Global Enrichment › ${label} › Get Signal Score (simulator)`, () => {
		const ctx = withSimulator();

		it("scores the ids in one call, matched by id; NO_SCORE is that item's error", async () => {
			const global = ctx.sim.services.global;
			const signal = { type: 'allSignals', date: '2026-10-01', details: {} };
			global.signalOps.signals.set(a, [signal, { ...signal, date: '2026-10-02' }]);
			global.signalOps.signals.set(c, [signal]);
			const result = await ctx.runGlobalService(score, [{ id: a }, { id: b }, { id: c }], true);
			expect(result.error).toBeUndefined();
			expect(global.calls.map((call) => [call.method, call.path, call.body])).toEqual([
				[
					'POST',
					`/v3/${collection}/signal-score`,
					{ [collection]: [a, b, c].map((id) => ({ clientReferenceId: id, id })) },
				],
			]);
			expect(items(result)).toEqual([
				{ json: { id: a, signalScore: 0.5, creditsCharged: 0 }, pairedItem: { item: 0 } },
				{
					json: {
						error: `The service has no signal score for ${kind} "${b}" (NO_SCORE) in item 1`,
						description:
							'The record has no signals to score yet; try again later or use Get Signals.',
					},
					pairedItem: { item: 1 },
				},
				{ json: { id: c, signalScore: 0.25, creditsCharged: 0 }, pairedItem: { item: 2 } },
			]);
		});
	});

	describe(`Global Enrichment › ${label} › Get Signal Score (wire)`, () => {
		afterEach(() => {
			nock.cleanAll();
			nock.enableNetConnect();
		});

		it('sends 250 ids in 3 calls and pairs the scores by id', async () => {
			const ids = Array.from({ length: 250 }, (_, n) => `x-${n}`);
			const sizes: number[] = [];
			nock('https://global.test', { reqheaders: { api_key: 'g-secret' } })
				.post(`/v3/${collection}/signal-score`)
				.times(3)
				.reply(200, (_uri, body: Record<string, Array<{ clientReferenceId: string }>>) => {
					const refs = body[collection].map((record) => record.clientReferenceId);
					sizes.push(refs.length);
					// Out of request order, matched back by the echoed reference.
					return {
						results: [...refs].reverse().map((ref) => ({
							clientReferenceId: ref,
							id: `v1.${ref}`,
							signalScore: Number(ref.slice(2)) / 1000,
						})),
					};
				});
			const result = await runNockService(
				score,
				ids.map((id) => ({ id })),
			);
			expect(result.error).toBeUndefined();
			expect(sizes.sort()).toEqual([100, 100, 50]);
			expect(result.json().map((json) => [json.id, json.signalScore])).toEqual(
				ids.map((id, n) => [id, n / 1000]),
			);
		});

		it('an empty id is refused before any call', async () => {
			nock.disableNetConnect();
			const result = await runNockService(score, [{ id: a }, { id: ' ' }]);
			expect(result.error?.message).toBe(`Invalid "${label} ID" in item 1: it is empty`);
		});
	});
}
