import type { IDataObject } from 'n8n-workflow';

import { runWorkflow } from '../../harness';
import { ANZ_KEY, withSimulator } from '../../harness/enrichment';
import { DEMO_ANZ_SEED, generateAnzPeople } from '../../simulator/anzSalesIntelligence';
import { BOSS_ARGUMENT_SENIORITY_NOT_CHOICE_SENIORITY } from './messages';

/**
 * Person → Search as an AI agent's tool: the model's choice arguments reach the request as the
 * service's values (none dropped), and a long answer is bounded with a closing note.
 */
const AGENT_INPUT = { chatInput: 'Find marketing managers', sessionId: 's-1', toolCallId: 'c1' };

describe('ANZ Sales Intelligence as a tool: Person → Search', () => {
	const ctx = withSimulator(() => ({
		anz: { ...DEMO_ANZ_SEED, people: [...DEMO_ANZ_SEED.people, ...generateAnzPeople(250)] },
	}));
	const search = async (parameters: IDataObject, args: IDataObject) =>
		await runWorkflow({
			nodes: {
				type: 'anzSalesIntelligenceTool',
				parameters: { resource: 'person', operation: 'search', ...parameters } as never,
				credentialTypes: ['anzSalesIntelligenceApi'],
			},
			items: [{ ...AGENT_INPUT, ...args }],
			credentials: { anzSalesIntelligenceApi: { baseUrl: `${ctx.sim.url}/anz/`, apiKey: ANZ_KEY } },
		});
	const choiceFilters = {
		filters: {
			seniority: "={{ $fromAI('seniority', 'Seniority levels', 'string') }}",
			location: "={{ $fromAI('locations', 'States or regions', 'string') }}",
		},
	};

	it('sends the seniority and location the model named, as the service’s ids and codes', async () => {
		const result = await search(
			{ ...choiceFilters, limit: 2 },
			{ seniority: 'Manager', locations: 'AU-NSW, wellington (nz)' },
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.anz.calls.map((call) => call.body)).toEqual([
			{ seniority: [5], locations: ['AU-NSW', 'NZ-WGN'], from: 0, size: 2 },
		]);
		// Limit stopped the records: the model is told that more may match.
		expect(result.json().at(-1)).toEqual({
			note: 'More may have matched: Limit (2) was reached; narrow the filter or raise Limit',
		});
		expect(result.json()).toHaveLength(3);
	});

	it('refuses an unknown seniority before any call, with the allowed values', async () => {
		const result = await search(choiceFilters, { seniority: 'Boss', locations: 'AU-VIC' });
		expect(result.error?.message).toBe(BOSS_ARGUMENT_SENIORITY_NOT_CHOICE_SENIORITY);
		expect(ctx.sim.services.anz.calls).toEqual([]);
	});

	it('Return All hands the model at most Max Records, then says how many more matched', async () => {
		const all = await search(
			{ ...choiceFilters, returnAll: true },
			{ seniority: '["Manager"]', locations: '' },
		);
		expect(all.error).toBeUndefined();
		const records = all.json();
		expect(records).toHaveLength(51);
		expect(records.slice(0, 50).every((record) => record.note === undefined)).toBe(true);
		// Every third generated person is a manager (84 of 250), and one of the demo people.
		const matched = 85;
		expect(records[50]).toEqual({
			note: `${matched - 50} more matched: narrow the filter or raise Limit`,
		});
		expect(all.output().every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(
			true,
		);

		const fewer = await search(
			{ ...choiceFilters, returnAll: true, toolAnswerLimits: { maxRecords: 10 } },
			{ seniority: 'manager', locations: '' },
		);
		expect(fewer.json()).toHaveLength(11);
		expect(fewer.json()[10]).toEqual({
			note: `${matched - 10} more matched: narrow the filter or raise Limit`,
		});
	});
});
