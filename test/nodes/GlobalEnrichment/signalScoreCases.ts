import nock from 'nock';

import { items, withSimulator } from '../../harness/enrichment';
import { documented, runNockService } from './helpers';

/**
 * Get Signal Score of contacts or companies (the same operation on two collections): one call
 * per 100 records, scores matched by the echoed reference, NO_SCORE and NOT_FOUND as data on the
 * item. `ids` are three records of the simulator; the second gets no signal, so no score.
 * `identity` is what the service shows of each (`V3SignalScore…Result`).
 */
export function describeSignalScore(
	kind: 'contact' | 'company',
	[a, b, c]: string[],
	identity: Record<string, Record<string, unknown>>,
	byIdentifier: {
		parameters: Record<string, unknown>;
		sent: Record<string, unknown>;
		refused: [Record<string, unknown>, string];
	},
) {
	const label = kind === 'contact' ? 'Contact' : 'Company';
	const collection = kind === 'contact' ? 'contacts' : 'companies';
	const score = { resource: kind, operation: 'getSignalScore' };

	describe(`Global Enrichment › ${label} › Get Signal Score (simulator)`, () => {
		const ctx = withSimulator();

		it('scores the ids in one call, matched by id; NO_SCORE and NOT_FOUND are data on the item', async () => {
			const global = ctx.sim.services.global;
			const type = kind === 'contact' ? 'promotion' : 'surgeInHiring';
			const signal = { type, date: '2026-10-01', details: {} };
			global.signalOps.signals.set(a, [signal, { ...signal, date: '2026-10-02' }]);
			global.signalOps.signals.set(c, [signal]);
			// Without Continue On Fail: "no score" and "not found" are data, the run goes on.
			const result = await ctx.runGlobalService(score, [
				{ id: a },
				{ id: b },
				{ id: c },
				{ id: 'x-404' },
			]);
			expect(result.error).toBeUndefined();
			expect(global.calls.map((call) => [call.method, call.path, call.body])).toEqual([
				[
					'POST',
					`/v3/${collection}/signal-score`,
					{ [collection]: [a, b, c, 'x-404'].map((id) => ({ clientReferenceId: id, id })) },
				],
			]);
			const scored = (id: string, signalScore: number) => ({
				id,
				...identity[id],
				signalScore,
				signalTypes: [type],
				noActiveSignals: false,
				found: true,
				creditsCharged: 0,
			});
			expect(items(result)).toEqual([
				{ json: scored(a, 0.5), pairedItem: { item: 0 } },
				{
					json: {
						id: b,
						found: true,
						signalScore: null,
						error: { code: 'NO_SCORE', message: 'No score' },
						creditsCharged: 0,
					},
					pairedItem: { item: 1 },
				},
				{ json: scored(c, 0.25), pairedItem: { item: 2 } },
				{
					json: {
						id: 'x-404',
						found: false,
						signalScore: null,
						error: {
							code: 'NOT_FOUND',
							message: `${kind === 'contact' ? 'Contact' : 'Company'} not found`,
						},
						creditsCharged: 0,
					},
					pairedItem: { item: 3 },
				},
			]);
		});

		it('scores a record named by another identifier: the service resolves it', async () => {
			const global = ctx.sim.services.global;
			const type = kind === 'contact' ? 'promotion' : 'surgeInHiring';
			global.signalOps.signals.set(a, [{ type, date: '2026-10-01', details: {} }]);
			const result = await ctx.runGlobalService({ ...score, ...byIdentifier.parameters }, [{}]);
			expect(result.error).toBeUndefined();
			const [call] = global.calls;
			expect(call.body).toEqual({
				[collection]: [{ clientReferenceId: expect.any(String), ...byIdentifier.sent }],
			});
			expect(result.json()).toEqual([
				{
					id: a,
					...identity[a],
					signalScore: 0.25,
					signalTypes: [type],
					noActiveSignals: false,
					found: true,
					lookup: byIdentifier.sent,
					creditsCharged: 0,
				},
			]);
		});

		it('a bad identifier is refused before any call, naming the field', async () => {
			const [parameters, message] = byIdentifier.refused;
			const result = await ctx.runGlobalService({ ...score, ...parameters }, [{}]);
			expect(result.error?.message).toBe(message);
			expect(ctx.sim.services.global.calls).toHaveLength(0);
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
					return documented('POST', `/v3/${collection}/signal-score`, 200, {
						requestId: 'r-1',
						results: [...refs].reverse().map((ref) => ({
							clientReferenceId: ref,
							id: `v1.${ref}`,
							signalScore: Number(ref.slice(2)) / 1000,
							signalTypes: [],
							noActiveSignals: true,
						})),
						billing: { creditsCharged: refs.length, resultsReturned: refs.length },
					});
				});
			const result = await runNockService(
				score,
				ids.map((id) => ({ id })),
			);
			expect(result.error).toBeUndefined();
			expect(sizes.sort()).toEqual([100, 100, 50]);
			// The bill is one credit per scored row: each item says its own.
			expect(result.json().map((json) => [json.id, json.signalScore, json.creditsCharged])).toEqual(
				ids.map((id, n) => [id, n / 1000, 1]),
			);
		});

		it('an empty id is refused before any call', async () => {
			nock.disableNetConnect();
			const result = await runNockService(score, [{ id: a }, { id: ' ' }]);
			expect(result.error?.message).toBe(`Invalid "${label} ID" in item 1: it is empty`);
		});
	});
}
