import { outputOf, useMarketing } from '../../helpers';

const create = (extra: Record<string, unknown> = {}) => ({
	resource: 'program',
	operation: 'create',
	name: '2026-12 Product Webinar',
	folder: { __rl: true, mode: 'list', value: 'Folder:17' },
	type: 'Event with Webinar',
	channel: 'Webinar',
	additionalFields: {},
	...extra,
});

describe('Marketing Automation v2: Program → Create', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('posts the form byte for byte: folder, costs and tags as JSON inside it', async () => {
		const result = await env.run(
			create({
				additionalFields: {
					description: 'December edition',
					costs: { cost: [{ startDate: '2026-12-01', cost: 1500, note: 'Platform' }] },
					tags: { tag: [{ tagType: 'Region', tagValue: 'EMEA' }] },
				},
			}),
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.contentType, c.rawBody])).toEqual([
			[
				'POST',
				'/rest/asset/v1/programs.json',
				'application/x-www-form-urlencoded',
				'name=2026-12+Product+Webinar' +
					'&folder=%7B%22id%22%3A17%2C%22type%22%3A%22Folder%22%7D' +
					'&type=Event+with+Webinar&channel=Webinar&description=December+edition' +
					'&costs=%5B%7B%22startDate%22%3A%222026-12-01%22%2C%22cost%22%3A1500%2C%22note%22%3A%22Platform%22%7D%5D' +
					'&tags=%5B%7B%22tagType%22%3A%22Region%22%2C%22tagValue%22%3A%22EMEA%22%7D%5D',
			],
		]);
		expect(outputOf(result)).toEqual([
			{
				json: expect.objectContaining({
					id: 4001,
					name: '2026-12 Product Webinar',
					type: 'Event with Webinar',
					channel: 'Webinar',
					folder: { type: 'Folder', value: 17 },
					costs: [{ startDate: '2026-12-01', cost: 1500, note: 'Platform' }],
					tags: [{ tagType: 'Region', tagValue: 'EMEA' }],
				}),
				pairedItem: { item: 0 },
			},
		]);
	});

	it('a name in use is a 709 that says names are unique in the instance', async () => {
		const result = await env.run(create({ name: 'Onboarding' }), { typeVersion: 2 });
		expect(result.error?.message).toBe(
			'The program "Onboarding" was not created (709): Program name \'Onboarding\' is already in use',
		);
		expect(result.error?.description).toMatch(
			/^Program names are unique in the whole instance: use another name/,
		);
	});

	it('a folder that does not exist is a 710 that says how to pick one', async () => {
		const result = await env.run(
			create({ name: 'Elsewhere', folder: { __rl: true, mode: 'id', value: '999' } }),
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe('The folder was not found (710)');
		expect(result.error?.description).toMatch(/^Pick the folder from the list \(each entry/);
	});

	it('a cut-off answer is not sent again: the error says to look the program up by name', async () => {
		sim().inject('truncated', { path: '/rest/asset/v1/programs.json' });
		const result = await env.run(create({ name: 'Cut off' }), { typeVersion: 2 });
		expect(result.error?.message).toBe(
			'Creating the program "Cut off" may have run; it was not sent again',
		);
		expect(result.error?.description).toContain(
			'Look the program up by its name with Program → Get (By Name "Cut off")',
		);
		expect(sim().callsTo('POST', '/rest/asset/v1/programs.json')).toHaveLength(1);
	});

	it('bad costs, tags, names and types are refused before any call', async () => {
		const refusals = await Promise.all(
			[
				create({ name: 'x'.repeat(256) }),
				create({ type: 'Webinar' }),
				create({ channel: '={{ "" }}' }),
				create({ additionalFields: { costs: { cost: [{ startDate: '2026-02-30', cost: 1 }] } } }),
				create({ additionalFields: { costs: { cost: [{ startDate: '2026-02-01', cost: -1 }] } } }),
				create({ additionalFields: { tags: { tag: [{ tagType: 'Region', tagValue: '' }] } } }),
			].map(async (parameters) => (await env.run(parameters, { typeVersion: 2 })).error?.message),
		);
		expect(refusals).toEqual([
			`The program name "${'x'.repeat(100)}…" (256 characters) of item 0 is longer than 255 characters`,
			'The program type "Webinar" of item 0 is not one the service has',
			'The channel of item 0 is empty',
			'Cost 1 of item 0 has the start date "2026-02-30", not a date',
			'Cost 1 of item 0 has the amount "-1"',
			'Tag 1 of item 0 lacks its value',
		]);
		expect(sim().calls).toHaveLength(0);
	});
});
