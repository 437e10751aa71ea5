import { outputOf, useMarketing } from '../../helpers';

const clone = (extra: Record<string, unknown> = {}) => ({
	resource: 'program',
	operation: 'clone',
	program: { __rl: true, mode: 'list', value: '3003' },
	name: 'December Webinar',
	folder: { __rl: true, mode: 'list', value: 'Folder:17' },
	additionalFields: { description: 'From the template' },
	...extra,
});

describe('Marketing Automation v2: Program → Clone', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('posts name, folder (JSON) and description form-encoded; the clone has the tokens', async () => {
		const result = await env.run(clone(), { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.contentType, c.rawBody])).toEqual([
			[
				'POST',
				'/rest/asset/v1/program/3003/clone.json',
				'application/x-www-form-urlencoded',
				'name=December+Webinar&folder=%7B%22id%22%3A17%2C%22type%22%3A%22Folder%22%7D&description=From+the+template',
			],
		]);
		const [item] = outputOf(result);
		expect(item.json).toMatchObject({
			id: 4001,
			name: 'December Webinar',
			description: 'From the template',
			type: 'Event with Webinar',
			folder: { type: 'Folder', value: 17 },
		});
		expect(
			sim()
				.programOps.tokens.get('Program:4001')
				?.map((t) => t.name),
		).toEqual(['Webinar Title', 'Webinar Date']);
	});

	it('709 names what blocks the clone, from the service’s words', async () => {
		const result = await env.run(
			clone({ program: { __rl: true, mode: 'id', value: '3006' }, name: 'Event copy' }),
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe(
			'Program 3006 was not cloned (709): Program holds assets that cannot be cloned (social, push or reports)',
		);
		expect(result.error?.description).toMatch(
			/^Programs holding push, in-app, social or report assets cannot be cloned/,
		);
	});

	it('711 for a folder of the wrong type says which folders can hold it', async () => {
		sim().programOps.locked.clear();
		const result = await env.run(clone({ name: 'Wrong folder' }), { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		// The service's 711 comes from the folder's type, which the picker never offers: injected.
		sim().inject('711', { path: '/rest/asset/v1/program/3003/clone.json' });
		const refused = await env.run(clone({ name: 'Wrong folder 2' }), { typeVersion: 2 });
		expect(refused.error?.message).toBe('That folder cannot hold it (711)');
	});

	it('a lock wait (719) is not retried: the error says to look for the new name', async () => {
		sim().programOps.locked.add(3002);
		const result = await env.run(
			clone({ program: { __rl: true, mode: 'id', value: '3002' }, name: 'Onboarding copy' }),
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe(
			'Cloning program 3002 waited too long for a lock (719); it was not sent again',
		);
		expect(result.error?.description).toContain(
			'Look the program up by its new name with Program → Get (By Name "Onboarding copy")',
		);
		expect(sim().callsTo('POST', '/rest/asset/v1/program/3002/clone.json')).toHaveLength(1);
	});

	it('a 504 after sending is not repeated and says what to check', async () => {
		sim().inject('http502-after', { path: '/rest/asset/v1/program/3003/clone.json' });
		const result = await env.run(clone({ name: 'January Webinar' }), { typeVersion: 2 });
		expect(result.error?.message).toBe(
			'Cloning program 3003 as "January Webinar" may have run; it was not sent again',
		);
		expect(sim().callsTo('POST', '/rest/asset/v1/program/3003/clone.json')).toHaveLength(1);
	});

	it('a name over 255 characters or a bad folder is refused before any call', async () => {
		const long = await env.run(clone({ name: 'n'.repeat(256) }), { typeVersion: 2 });
		expect(long.error?.message).toMatch(/is longer than 255 characters$/);
		const folder = await env.run(
			clone({ folder: { __rl: true, mode: 'id', value: '={{ "List:3" }}' } }),
			{
				typeVersion: 2,
			},
		);
		expect(folder.error?.message).toBe('The folder "List:3" of item 0 is not a folder ID');
		expect(sim().calls).toHaveLength(0);
	});
});
