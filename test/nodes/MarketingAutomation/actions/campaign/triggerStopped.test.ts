import type { SimRequest } from '../../../../simulator/server';
import { outputOf, useMarketing } from '../../helpers';
import {
	TRIGGER_SECOND_CALL_REFUSED,
	TRIGGER_THIRD_CALL_MAY_HAVE_RUN,
	TRIGGER_THIRD_CALL_MAY_HAVE_RUN_FIX,
} from '../../messages';

/**
 * Campaign → Trigger over several calls when one call fails: the leads the other calls requested
 * are never requested twice. With Continue On Fail each item gets its own result; without it, the
 * message names what was requested and what not, and a re-run of only the items it names
 * requests every lead exactly once in all.
 */
describe('Marketing Automation: a campaign trigger stopped by one failed call', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;
	const items = (from: number, to: number) =>
		Array.from({ length: to - from + 1 }, (_v, i) => ({ id: from + i }));
	const trigger = {
		resource: 'campaign',
		operation: 'trigger',
		campaign: { mode: 'id', value: '2001' },
		leadIds: '={{ $json.id }}',
	};
	/** The call whose first lead is `leadId`. */
	const callStartingAt = (leadId: number) => (request: SimRequest) =>
		(request.body as { input?: { leads?: Array<{ id: number }> } })?.input?.leads?.[0]?.id ===
		leadId;
	const requestedLeads = () => sim().triggered.flatMap((t) => t.leads);

	it('without Continue On Fail: the message names the leads requested and not; re-running the items it names requests each lead once', async () => {
		const before = requestedLeads().length;
		sim().inject('1004', {
			path: '/rest/v1/campaigns/2001/trigger.json',
			match: callStartingAt(101),
		});
		const result = await env.run(trigger, { items: items(1, 300) });
		expect(result.error?.message).toMatch(TRIGGER_SECOND_CALL_REFUSED);
		expect(result.error?.description).toMatch(
			/^Re-run only items 100 to 199: the others' leads have been requested, and a lead requested again runs through the campaign again\./,
		);
		expect(sim().callsTo('POST', '/rest/v1/campaigns/2001/trigger.json')).toHaveLength(3);

		const rerun = await env.run(trigger, { items: items(101, 200) });
		expect(rerun.error).toBeUndefined();
		const leads = requestedLeads().slice(before);
		expect(leads.slice().sort((a, b) => a - b)).toEqual(items(1, 300).map((item) => item.id));
	});

	it('with Continue On Fail: the items of the requested calls say so, the failed call’s items carry its error', async () => {
		sim().inject('1004', {
			path: '/rest/v1/campaigns/2001/trigger.json',
			match: callStartingAt(101),
		});
		const result = await env.run(trigger, { items: items(1, 300), continueOnFail: true });
		const out = outputOf(result);
		expect(out).toHaveLength(300);
		expect(out[0]).toEqual({
			json: { campaignId: 2001, leadIds: [1], triggered: true },
			pairedItem: { item: 0 },
		});
		expect(out[299]).toEqual({
			json: { campaignId: 2001, leadIds: [300], triggered: true },
			pairedItem: { item: 299 },
		});
		for (const index of [100, 199]) {
			expect(out[index].pairedItem).toEqual({ item: index });
			expect(out[index].json.error).toMatch(
				/ \[call 2 of 3, items 100 to 199; the items of the other calls have their own results\]$/,
			);
		}
		expect(out.filter((item) => item.json.triggered === true)).toHaveLength(200);
	});

	it('a call whose answer was lost: its leads may have been requested, and the message says to check them', async () => {
		sim().inject('http502-after', {
			path: '/rest/v1/campaigns/2001/trigger.json',
			match: callStartingAt(201),
		});
		const result = await env.run(trigger, { items: items(1, 300) });
		expect(result.error?.message).toMatch(TRIGGER_THIRD_CALL_MAY_HAVE_RUN);
		expect(result.error?.description).toMatch(TRIGGER_THIRD_CALL_MAY_HAVE_RUN_FIX);
		// The call was not repeated: it may have run.
		expect(sim().callsTo('POST', '/rest/v1/campaigns/2001/trigger.json')).toHaveLength(3);
	});
});
