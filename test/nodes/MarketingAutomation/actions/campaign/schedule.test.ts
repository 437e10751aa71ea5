import { onFixedClock } from '../../../../harness/clock';
import { outputOf, useMarketing } from '../../helpers';

// The service takes a run time 5 minutes to 2 years ahead of its own clock: fixed, so that the
// run time below stays ahead whatever day the test runs.
const BEFORE_RUN_AT = Date.parse('2026-11-30T12:00:00Z');

describe('Marketing Automation: Campaign → Schedule', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Schedule sends runAt with offset, the clone program name and tokens', async () => {
		const result = await onFixedClock(BEFORE_RUN_AT, () =>
			env.run({
				resource: 'campaign',
				operation: 'schedule',
				campaign: { mode: 'id', value: '2003' },
				additionalFields: {
					runAt: '2026-12-01T09:30:00Z',
					cloneToProgramName: 'December Newsletter',
				},
				tokens: { token: [{ name: 'month', value: 'December' }] },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls[0]).toMatchObject({
			method: 'POST',
			path: '/rest/v1/campaigns/2003/schedule.json',
			body: {
				input: {
					runAt: '2026-12-01T09:30:00Z',
					cloneToProgramName: 'December Newsletter',
					tokens: [{ name: '{{my.month}}', value: 'December' }],
				},
			},
		});
		expect(outputOf(result)).toEqual([
			{
				json: {
					campaignId: 2003,
					scheduled: true,
					runAt: '2026-12-01T09:30:00Z',
					cloneToProgramName: 'December Newsletter',
					tokens: [{ name: '{{my.month}}', value: 'December' }],
					result: { id: 2003 },
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	const schedule = (additionalFields: Record<string, string>, tokens = {}) => ({
		resource: 'campaign',
		operation: 'schedule',
		campaign: { mode: 'id', value: '2003' },
		additionalFields,
		tokens,
	});

	it('refuses a run time that is not a date in a later item before any call', async () => {
		const result = await env.run(schedule({ runAt: '={{ $json.at }}' }), {
			items: [{ at: '2026-12-01T09:30:00Z' }, { at: 'next Tuesday' }],
		});
		expect(result.error?.message).toBe('Run At "next Tuesday" in item 1 is not a date-time');
		expect(sim().calls).toEqual([]);
	});

	it('a run time too soon is a 1042 that says what the service takes', async () => {
		const result = await env.run(schedule({ runAt: '2026-01-01T00:00:00Z' }));
		expect(result.error?.message).toBe(
			'The run time of campaign 2003 was refused (1042): Invalid runAt date: at least 5 minutes from now',
		);
		expect(result.error?.description).toMatch(
			/^Run At must be at least 5 minutes and at most 2 years ahead; leave it empty/,
		);
	});

	it('the 21st clone of a day is a 1020 that says when a place frees up', async () => {
		// Schedules with a clone until the service refuses one: the 21st of the day.
		let result = await env.run(schedule({ cloneToProgramName: 'Clone 0' }));
		for (let n = 1; n <= 20 && !result.error; n++) {
			result = await env.run(schedule({ cloneToProgramName: `Clone ${n}` }));
		}
		// Only this test's clones: the first test's one was made on its fixed clock, days before.
		const clones = sim().scheduled.filter((s) =>
			(s.input as { cloneToProgramName?: string }).cloneToProgramName?.startsWith('Clone '),
		);
		expect(clones).toHaveLength(20);
		expect(result.error?.message).toBe(
			'No more schedules with Clone To Program Name today (1020): the service allows 20 a day',
		);
		expect(result.error?.description).toMatch(
			/^The service counts them over a day: a place frees up at the latest 24 hours after the oldest/,
		);
	});

	it('611 to a schedule with tokens says nested programs refuse tokens, after the retries', async () => {
		sim().inject('611', { path: '/rest/v1/campaigns/2003/schedule.json', times: 10 });
		const result = await env.run(schedule({}, { token: [{ name: 'month', value: 'December' }] }));
		expect(result.error?.message).toBe(
			'The service failed with a system error (611) on a campaign run with tokens',
		);
		expect(result.error?.description).toMatch(
			/^The service answers 611 to tokens of a campaign whose program is nested in another program/,
		);
		expect(sim().callsTo('POST', '/rest/v1/campaigns/2003/schedule.json')).toHaveLength(5);
	});
});
