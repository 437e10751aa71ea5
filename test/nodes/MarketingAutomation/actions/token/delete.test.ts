import { outputOf, useMarketing } from '../../helpers';

const remove = (name: string, type: string) => ({
	resource: 'token',
	operation: 'delete',
	owner: 'program',
	program: { __rl: true, mode: 'id', value: '3003' },
	name,
	type,
});

describe('Marketing Automation v2: Token → Delete', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('posts name, type and folderType form-encoded; a second time is a 702 with the fix', async () => {
		const result = await env.run(remove('{{my.Webinar Date}}', 'date'), { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.contentType, c.rawBody])).toEqual([
			[
				'POST',
				'/rest/asset/v1/folder/3003/tokens/delete.json',
				'application/x-www-form-urlencoded',
				'name=Webinar+Date&type=date&folderType=Program',
			],
		]);
		expect(outputOf(result)).toEqual([
			{
				json: {
					folderId: 3003,
					folderType: 'Program',
					name: 'Webinar Date',
					type: 'date',
					deleted: true,
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(
			sim()
				.programOps.tokens.get('Program:3003')
				?.map((t) => t.name),
		).toEqual(['Webinar Title']);
		const again = await env.run(remove('Webinar Date', 'date'), { typeVersion: 2 });
		expect(again.error?.message).toBe('No date token "Webinar Date" on program 3003 (702)');
		expect(again.error?.description).toMatch(/^Token → Get Many lists the tokens/);
	});

	it('an empty name is refused before any call', async () => {
		const result = await env.run(remove(' ', 'text'), { typeVersion: 2 });
		expect(result.error?.message).toBe('The token name of item 0 is empty');
		expect(sim().calls).toHaveLength(0);
	});
});
