import { timing } from '../../../../../nodes/MarketingAutomation/transport/timing';
import { outputOf, useMarketing } from '../../helpers';

const approve = (program: string) => ({
	resource: 'program',
	operation: 'approve',
	program: { __rl: true, mode: 'id', value: program },
});

describe('Marketing Automation v2: Program → Approve', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('posts an empty form; the program is then locked', async () => {
		const program = sim().programs.find((p) => p.id === 3001)!;
		Object.assign(program, { startDate: '2026-12-03T15:00:00Z', endDate: '2026-12-03T16:00:00Z' });
		const result = await env.run(approve('3001'), { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.contentType, c.rawBody])).toEqual([
			['POST', '/rest/asset/v1/program/3001/approve.json', 'application/x-www-form-urlencoded', ''],
		]);
		expect(outputOf(result)).toEqual([
			{ json: { id: 3001, approved: true }, pairedItem: { item: 0 } },
		]);
		expect(program.status).toBe('locked');
	});

	it('709 says what the program lacks, from the service’s words, and how to fix it', async () => {
		const result = await env.run(approve('3003'), { typeVersion: 2 });
		expect(result.error?.message).toBe(
			'Program 3003 was not approved (709): Only Email programs can be approved',
		);
		expect(result.error?.description).toMatch(
			/^Only Email programs are approved, and only with a start and end date, an approved email/,
		);
	});

	it('an ambiguous failure is not repeated: check the status', async () => {
		jest.replaceProperty(timing, 'timeoutMs', 300);
		sim().inject('timeout', { path: '/rest/asset/v1/program/3001/approve.json', holdMs: 600 });
		const result = await env.run(approve('3001'), { typeVersion: 2 });
		expect(result.error?.message).toBe(
			'The approve call of program 3001 may have run; it was not sent again',
		);
		expect(result.error?.description).toMatch(/^Check the program’s status with Program → Get/);
		expect(sim().callsTo('POST', '/rest/asset/v1/program/3001/approve.json')).toHaveLength(1);
	});
});
