import { outputOf, useMarketing } from '../../helpers';

const get = (program: Record<string, string>) => ({
	resource: 'program',
	operation: 'get',
	program: { __rl: true, ...program },
});

describe('Marketing Automation v2: Program → Get', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('gets a program by ID, and by its exact name', async () => {
		const byId = await env.run(get({ mode: 'list', value: '3003' }), { typeVersion: 2 });
		expect(byId.error).toBeUndefined();
		expect(outputOf(byId)).toEqual([
			{
				json: {
					id: 3003,
					name: 'Product Webinar',
					description: '',
					type: 'Event with Webinar',
					channel: 'Webinar',
					status: '',
					workspace: 'Default',
					folder: { type: 'Folder', value: 15, folderName: 'Marketing Activities' },
					url: 'https://app.example.com/#PG3003A1',
					createdAt: '2026-09-01T00:00:00Z+0000',
					updatedAt: '2026-10-01T00:00:00Z+0000',
				},
				pairedItem: { item: 0 },
			},
		]);
		const byName = await env.run(get({ mode: 'name', value: 'Product Webinar' }), {
			typeVersion: 2,
		});
		expect(outputOf(byName)[0].json.id).toBe(3003);
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			['GET', '/rest/asset/v1/program/3003.json', {}],
			['GET', '/rest/asset/v1/program/byName.json', { name: 'Product Webinar' }],
		]);
	});

	it('a program the service does not find is an error that says how to find it', async () => {
		const result = await env.run(get({ mode: 'name', value: 'product webinar' }), {
			typeVersion: 2,
		});
		expect(result.error?.message).toBe('No program named "product webinar" was found');
		expect(result.error?.description).toBe(
			'Names must match exactly, case included. Pick the program from the list, or look for it with Program → Get Many.',
		);
		const byId = await env.run(get({ mode: 'id', value: '9999' }), {
			typeVersion: 2,
			continueOnFail: true,
		});
		expect(outputOf(byId)[0].json.error).toBe('No program with the ID 9999 was found');
	});

	it('an empty name or a bad ID is refused before any call', async () => {
		const empty = await env.run(get({ mode: 'name', value: ' ' }), { typeVersion: 2 });
		expect(empty.error?.message).toBe('The program name of item 0 is empty');
		// An expression's value passes the editor's check; the node refuses it.
		const bad = await env.run(get({ mode: 'id', value: '={{ "x1" }}' }), { typeVersion: 2 });
		expect(bad.error?.message).toBe('The program ID "x1" in item 0 is not a positive whole number');
		expect(sim().calls).toHaveLength(0);
	});

	it('a lock wait (719) on a read is retried', async () => {
		sim().inject('719', { path: '/rest/asset/v1/program/3003.json' });
		const result = await env.run(get({ mode: 'id', value: '3003' }), { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(outputOf(result)[0].json.id).toBe(3003);
		expect(sim().calls.map((c) => c.code ?? 'ok')).toEqual(['719', 'ok']);
	});
});
