import { outputOf, useMarketing } from '../../helpers';

const unapprove = (program: string) => ({
	resource: 'program',
	operation: 'unapprove',
	program: { __rl: true, mode: 'id', value: program },
});

describe('Marketing Automation v2: Program → Unapprove', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('posts an empty form; the locked program is unlocked, a second time is a 709', async () => {
		const result = await env.run(unapprove('3005'), { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.contentType, c.rawBody])).toEqual([
			[
				'POST',
				'/rest/asset/v1/program/3005/unapprove.json',
				'application/x-www-form-urlencoded',
				'',
			],
		]);
		expect(outputOf(result)).toEqual([
			{ json: { id: 3005, approved: false }, pairedItem: { item: 0 } },
		]);
		const again = await env.run(unapprove('3005'), { typeVersion: 2 });
		expect(again.error?.message).toBe(
			'Program 3005 was not unapproved (709): The program is not approved',
		);
		expect(again.error?.description).toMatch(
			/^Only an approved \(locked\) Email program can be unapproved/,
		);
	});
});
