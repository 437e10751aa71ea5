import { listSearch } from '../../../../../nodes/MarketingAutomation/methods';
import { loadOptionsContext, useMarketing } from '../../helpers';

const create = (folder: Record<string, string>, name: string, additionalFields = {}) => ({
	resource: 'list',
	operation: 'create',
	folder: { __rl: true, ...folder },
	name,
	additionalFields,
});

describe('Marketing Automation v2: List → Create', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('the folder picker lists folders and programs, the value naming the type', async () => {
		const ctx = await loadOptionsContext(env);
		const found = await listSearch.searchFolders.call(ctx, 'o');
		expect(found.results).toEqual([
			{ name: 'November Newsletter (program 3001)', value: 'Program:3001' },
			{ name: 'Onboarding (program 3002)', value: 'Program:3002' },
			{ name: 'Product Webinar (program 3003)', value: 'Program:3003' },
			{ name: 'Partner Workspace (folder 90)', value: 'Folder:90' },
		]);
		expect(sim().calls[1].query).toEqual({ maxDepth: '10', maxReturn: '200', offset: '0' });
	});

	it('sends the form-encoded create with folder as a JSON string; the list is then in Get Many', async () => {
		const result = await env.run(
			create({ mode: 'list', value: 'Program:3003' }, 'Webinar no-shows', {
				description: 'From n8n',
			}),
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.contentType, c.body])).toEqual([
			[
				'POST',
				'/rest/asset/v1/staticLists.json',
				'application/x-www-form-urlencoded',
				{
					folder: '{"id":3003,"type":"Program"}',
					name: 'Webinar no-shows',
					description: 'From n8n',
				},
			],
		]);
		const [list] = result.json();
		expect(list).toMatchObject({ name: 'Webinar no-shows', folder: { id: 3003, type: 'Program' } });
		expect(sim().lists.get(Number(list.id))?.programName).toBe('Product Webinar');
	});

	it('a folder by plain ID is a Folder; a name taken in the folder is the service’s 709 with the fix', async () => {
		await env.run(create({ mode: 'id', value: '15' }, 'Dupes'), { typeVersion: 2 });
		expect(sim().calls[0].body).toMatchObject({ folder: '{"id":15,"type":"Folder"}' });
		const again = await env.run(create({ mode: 'id', value: '15' }, 'Dupes'), { typeVersion: 2 });
		expect(again.error?.message).toBe('A list named "Dupes" cannot be created there (709)');
		expect(again.error?.description).toMatch(/^Use a name that no list in the folder has yet/);
		expect(sim().callsTo('POST', '/rest/asset/v1/staticLists.json')).toHaveLength(2);
	});

	it('refuses an empty name and a bad folder before any call', async () => {
		const noName = await env.run(create({ mode: 'id', value: '15' }, ' '), { typeVersion: 2 });
		expect(noName.error?.message).toBe('The list name "" of item 0 is empty');
		// An expression's value passes the editor's check; the node refuses it.
		const badFolder = await env.run(create({ mode: 'id', value: '={{ $json.folder }}' }, 'X'), {
			items: [{ folder: 'Shelf:2' }],
			typeVersion: 2,
		});
		expect(badFolder.error?.message).toBe('The folder "Shelf:2" of item 0 is not a folder ID');
		expect(sim().calls).toEqual([]);
	});
});
