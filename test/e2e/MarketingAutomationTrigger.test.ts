/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test tooling, never shipped */
/**
 * The trigger in a real, running n8n: the demo workflow (Email Bounced → mark the lead) is
 * published, `n8n start` polls, bounces happen in the simulator, and each bounce marks its lead
 * exactly once, across several polls. The trigger polls every 15 s here (at :00, :15, :30 and :45
 * of every minute), and the poll that reads the bounces first meets a 606 and waits out the 20 s
 * rate window: the poll scheduled meanwhile must not read the same position again.
 */
import triggerDemo from '../../examples/marketing-trigger-demo.json';
import { demoCredential, startE2e, type E2e } from './runner';

const POLL_TIMEOUT_MS = 150_000;

describe('marketing trigger in a running n8n (e2e)', () => {
	let e2e: E2e;
	const sim = () => e2e.sim.services.marketing;
	const callsTo = (path: string) => sim().calls.filter((c) => c.path === path).length;

	/** Waits (bounded) until `condition` holds, checking every second. */
	async function until(what: string, condition: () => boolean): Promise<void> {
		const deadline = Date.now() + POLL_TIMEOUT_MS;
		while (!condition()) {
			if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
			await new Promise((resolve) => setTimeout(resolve, 1000));
		}
	}

	beforeAll(async () => {
		e2e = await startE2e({ shared: true });
		await e2e.importCredentials([demoCredential('marketingAutomationApi', e2e.sim.url)]);
		// A poll every 15 s (n8n refuses intervals under a minute, not four times a minute): each
		// wait for the next poll is 15 s at most.
		const pollTimes = {
			item: [0, 15, 30, 45].map((second) => ({
				mode: 'custom',
				cronExpression: `${second} * * * * *`,
			})),
		};
		await e2e.importWorkflow({
			...triggerDemo,
			nodes: triggerDemo.nodes.map((node) =>
				node.name === 'Email Bounced'
					? { ...node, parameters: { ...node.parameters, pollTimes } }
					: node,
			),
		});
		await e2e.publish(triggerDemo.id);
		// Installing the package and importing take minutes on a loaded machine.
	}, 600_000);

	afterAll(async () => {
		await e2e?.stop();
	});

	it('emits each bounce once and marks its lead, with no flood of history and no repeats', async () => {
		await e2e.startServer();
		// The first scheduled poll marks "now" (the test poll at activation saves nothing).
		await until(
			'the first scheduled poll',
			() =>
				callsTo('/rest/v1/activities/pagingtoken.json') >= 2 ||
				callsTo('/rest/v1/activities.json') >= 1,
		);
		const now = Date.now() + 2_000;
		const at = (offset: number) => new Date(now + offset).toISOString().replace(/\.\d{3}Z$/, 'Z');
		const bounces = [
			sim().addActivity({
				leadId: 3,
				activityDate: at(0),
				activityTypeId: 8,
				primaryAttributeValueId: 4001,
				primaryAttributeValue: 'November Newsletter - Email',
				attributes: [{ name: 'Details', value: '550 mailbox unavailable' }],
			}),
			sim().addActivity({
				leadId: 4,
				activityDate: at(1000),
				activityTypeId: 8,
				primaryAttributeValueId: 4001,
				primaryAttributeValue: 'November Newsletter - Email',
				attributes: [{ name: 'Details', value: '550 no such user' }],
			}),
		];
		// The next read of the log is refused: that poll waits out the window (20 s) and reads again,
		// while the schedule starts the next poll 15 s after it.
		sim().inject('606', { path: '/rest/v1/activities.json' });
		// Not a hard bounce, not an email bounce: neither may trigger.
		sim().addActivity({ leadId: 5, activityDate: at(2000), activityTypeId: 27 });
		sim().addActivity({ leadId: 6, activityDate: at(3000), activityTypeId: 10 });
		const upserts = () => sim().callsTo('POST', '/rest/v1/leads.json');
		await until('the lead updates', () => upserts().length >= 1);
		const pollsAfter = callsTo('/rest/v1/activities.json');
		await until('one more poll', () => callsTo('/rest/v1/activities.json') > pollsAfter);
		// Give the run of a (wrong) repeated event the time to reach the simulator.
		await new Promise((resolve) => setTimeout(resolve, 5000));

		const reads = sim().calls.filter((c) => c.path === '/rest/v1/activities.json');
		expect(reads.filter((c) => c.code === '606')).toHaveLength(1);
		const inputs = upserts().flatMap(
			(call) => (call.body as { input: Array<{ id: number }> }).input,
		);
		expect(inputs.map((input) => input.id).sort()).toEqual([3, 4]);
		expect(upserts()[0].body).toMatchObject({ action: 'updateOnly', lookupField: 'id' });
		expect(inputs).toEqual(
			expect.arrayContaining([
				expect.objectContaining({
					id: 3,
					emailInvalid: true,
					emailInvalidCause: '550 mailbox unavailable',
				}),
				expect.objectContaining({
					id: 4,
					emailInvalid: true,
					emailInvalidCause: '550 no such user',
				}),
			]),
		);
		expect(bounces).toHaveLength(2);
		expect(sim().leads.get(3)).toMatchObject({ emailInvalid: true });
	}, 480_000);
});
