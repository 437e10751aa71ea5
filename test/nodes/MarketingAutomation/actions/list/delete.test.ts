import { useMarketing } from '../../helpers';

const remove = (value: string) => ({
	resource: 'list',
	operation: 'delete',
	list: { __rl: true, mode: 'id', value },
});

describe('Marketing Automation v2: List → Delete', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('deletes a static list through the asset API', async () => {
		const result = await env.run(remove('1003'), { typeVersion: 2 });
		expect(sim().calls.map((c) => [c.method, c.path, c.body])).toEqual([
			['POST', '/rest/asset/v1/staticList/1003/delete.json', undefined],
		]);
		expect(result.json()).toEqual([{ id: 1003, deleted: true }]);
		expect(sim().lists.has(1003)).toBe(false);
	});

	it('a list in use (709) and a missing list (702) are said with the fix; Continue On Fail goes on', async () => {
		const result = await env.run(
			{ ...remove('={{ $json.id }}') },
			{ items: [{ id: 1002 }, { id: 4242 }, { id: 1001 }], typeVersion: 2, continueOnFail: true },
		);
		expect(result.json()).toEqual([
			{
				error: 'List 1002 is in use and cannot be deleted (709)',
				description: expect.stringMatching(
					/^Remove the list from the smart lists, imports or exports/,
				),
				requestId: expect.any(String),
			},
			{
				error: 'No static list with ID 4242 (702)',
				description: expect.stringMatching(/^Pick the list from the list/),
				requestId: expect.any(String),
			},
			{ id: 1001, deleted: true },
		]);
	});
});
