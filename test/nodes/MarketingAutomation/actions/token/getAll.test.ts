import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation v2: Token → Get Many', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('lists a program’s tokens, one item each, with the reference to use', async () => {
		const result = await env.run(
			{
				resource: 'token',
				operation: 'getAll',
				owner: 'program',
				program: { __rl: true, mode: 'list', value: '3003' },
			},
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			['GET', '/rest/asset/v1/folder/3003/tokens.json', { folderType: 'Program' }],
		]);
		expect(outputOf(result)).toEqual([
			{
				json: {
					name: 'Webinar Title',
					type: 'text',
					value: 'Product Webinar',
					reference: '{{my.Webinar Title}}',
					folderId: 3003,
					folderType: 'Program',
				},
				pairedItem: { item: 0 },
			},
			{
				json: {
					name: 'Webinar Date',
					type: 'date',
					value: '2026-12-10',
					reference: '{{my.Webinar Date}}',
					folderId: 3003,
					folderType: 'Program',
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('reads a folder’s tokens with folderType=Folder; a missing folder is a 710 with the fix', async () => {
		const empty = await env.run(
			{
				resource: 'token',
				operation: 'getAll',
				owner: 'folder',
				folder: { __rl: true, mode: 'list', value: 'Folder:17' },
			},
			{ typeVersion: 2 },
		);
		expect(empty.error).toBeUndefined();
		expect(outputOf(empty)).toEqual([]);
		expect(sim().calls[0].query).toEqual({ folderType: 'Folder' });
		const missing = await env.run(
			{
				resource: 'token',
				operation: 'getAll',
				owner: 'folder',
				folder: { __rl: true, mode: 'id', value: '999' },
			},
			{ typeVersion: 2 },
		);
		expect(missing.error?.message).toBe('The folder was not found (710)');
	});
});
