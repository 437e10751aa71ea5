import { useMarketing } from '../../helpers';

const merge = (winnerId: string, loserIds: string, options: Record<string, unknown> = {}) => ({
	resource: 'lead',
	operation: 'merge',
	winnerId,
	loserIds,
	options,
});

describe('Marketing Automation v2: Lead → Merge', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('merges the losers into the winner in one call with leadIds (and mergeInCRM when set)', async () => {
		const result = await env.run(merge('10', '11, 12, 11', { mergeInCrm: true }), {
			typeVersion: 2,
		});
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.query, c.body])).toEqual([
			['POST', '/rest/v1/leads/10/merge.json', { leadIds: '11,12', mergeInCRM: 'true' }, undefined],
		]);
		expect(result.json()).toEqual([{ winnerId: 10, mergedLeadIds: [11, 12], merged: true }]);
		expect(sim().leads.has(11)).toBe(false);
		expect(sim().assets.merges).toEqual([{ winner: 10, losers: [11, 12], mergeInCRM: true }]);
	});

	it('refuses more than 25 losers before any call, for every item first', async () => {
		const losers = Array.from({ length: 26 }, (_v, i) => 30 + i).join(',');
		const tooMany = await env.run(merge('={{ $json.w }}', '={{ $json.l }}'), {
			items: [
				{ w: 20, l: '21' },
				{ w: 29, l: losers },
			],
			typeVersion: 2,
		});
		expect(tooMany.error?.message).toBe(
			'Item 1 merges 26 losing leads; the service takes at most 25 per merge (1080)',
		);
		expect(sim().calls).toEqual([]);
	});

	it('refuses the winner named among the losers, by name, before any call (a merge is not undone)', async () => {
		const result = await env.run(merge('={{ $json.w }}', '={{ $json.l }}'), {
			items: [
				{ w: 20, l: '21' },
				{ w: 70, l: '70, 71' },
			],
			typeVersion: 2,
		});
		expect(result.error?.message).toBe('Item 1 names the winning lead 70 among its losing leads');
		expect(result.error?.description).toBe(
			'A merge cannot be undone, so the node does not guess: remove 70 from Losing Lead IDs, or name the lead that should stay as Winning Lead ID.',
		);
		expect(sim().calls).toEqual([]);
	});

	it('a loser that does not exist is the service’s 1004, and the merge is not repeated', async () => {
		const result = await env.run(merge('20', '99999'), { typeVersion: 2 });
		expect(result.error?.message).toBe(
			"The service refused the call (1004): Lead '99999' not found",
		);
		expect(sim().calls).toHaveLength(1);
	});
});
