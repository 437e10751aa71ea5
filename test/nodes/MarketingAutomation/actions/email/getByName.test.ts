import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation: Email → Get by Name', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Get by Name finds an email, and answers found: false (or fails on request) when none matches', async () => {
		const found = await env.run({
			resource: 'email',
			operation: 'getByName',
			name: 'Welcome Email',
			options: { status: 'approved', folderId: 15 },
		});
		expect(sim().calls[0].query).toEqual({
			name: 'Welcome Email',
			status: 'approved',
			folder: '{"id":15,"type":"Folder"}',
		});
		expect(found.json()[0]).toMatchObject({ id: 4002, name: 'Welcome Email' });
		const none = await env.run({
			resource: 'email',
			operation: 'getByName',
			name: 'Nope',
			options: {},
		});
		expect(outputOf(none)).toEqual([
			{ json: { found: false, name: 'Nope' }, pairedItem: { item: 0 } },
		]);
		const strict = await env.run({
			resource: 'email',
			operation: 'getByName',
			name: 'Nope',
			options: { errorOnNoMatch: true },
		});
		expect(strict.error?.message).toBe('No email named "Nope"');
	});
});
