import { adminNode, recordCalls, runAdmin, US_BASE } from '../../helpers';
import { directorySuite } from '../../directory';

describe('Agent Platform › Project › Get Many', () => {
	const suite = directorySuite();

	it('reads every project by the total the platform gives when it caps its pages', async () => {
		for (let n = 0; n < 229; n++) {
			suite.sim.services.admin.projects.set(`proj-x${n}`, {
				project_id: `proj-x${n}`,
				name: `Project ${n}`,
				description: '',
				organization_id: 'org-demo',
				users: {},
				invites: {},
			});
		}
		suite.sim.services.admin.pageCap = 50;
		try {
			const result = await suite.run(
				{ resource: 'project', operation: 'getMany', returnAll: true },
				{ apiKey: 'sk-demo-member' },
			);
			// 230 projects, 50 a page: five reads, the last one short, and no read past the total.
			expect(suite.calls().map((c) => c.path)).toEqual(
				Array.from({ length: 5 }, () => '/latest/projects/list'),
			);
			expect(result.json()).toHaveLength(230);
		} finally {
			suite.sim.services.admin.pageCap = 1000;
			for (let n = 0; n < 229; n++) suite.sim.services.admin.projects.delete(`proj-x${n}`);
		}
	});

	it('reads every project when `count` is the length of each page, not the total', async () => {
		const all = Array.from({ length: 230 }, (_, n) => ({ _id: `p${n}`, project_id: `p${n}` }));
		const calls = recordCalls(US_BASE, (call) => {
			const query = new URL(call.path, US_BASE).searchParams;
			const page = Number(query.get('page'));
			const size = Number(query.get('page_size'));
			const projects = all.slice((page - 1) * size, page * size);
			return [200, { projects, count: projects.length }];
		});
		const result = await runAdmin(
			adminNode({ resource: 'project', operation: 'getAll', returnAll: true }, false, 2),
		);
		expect(result.error).toBeUndefined();
		expect(calls.map((c) => new URL(c.path, US_BASE).search)).toEqual([
			'?page=1&page_size=100',
			'?page=2&page_size=100',
			'?page=3&page_size=100',
		]);
		expect(result.json().map((p) => p._id)).toEqual(all.map((p) => p._id));
	});

	it('names only what listing needs when the key is refused, not the right to create projects', async () => {
		const result = await suite.run(
			{ resource: 'project', operation: 'getMany', returnAll: true },
			{ apiKey: 'sk-unknown' },
		);
		expect(result.error?.message).toBe(
			'The service refused to list the projects: Invalid API key or authorization header. (the API key must belong to the organization; check the key and the region in the credential)',
		);
	});

	it('lists the organization’s projects with GET and page parameters', async () => {
		suite.sim.services.admin.projects.set('proj-two', {
			project_id: 'proj-two',
			name: 'Second',
			description: '',
			organization_id: 'org-demo',
			users: {},
			invites: {},
		});
		const result = await suite.run(
			{ resource: 'project', operation: 'getMany', returnAll: true },
			{ apiKey: 'sk-demo-member' },
		);
		// A short first page is followed by one more read: `count` may be the page's length.
		expect(suite.calls().map((c) => [c.method, c.path, c.body])).toEqual([
			['GET', '/latest/projects/list', undefined],
			['GET', '/latest/projects/list', undefined],
		]);
		expect(result.json()).toEqual([
			{
				_id: 'proj-demo',
				project_id: 'proj-demo',
				name: 'Demo project',
				description: '',
				organization_id: 'org-demo',
				organization_name: 'Demo organization',
			},
			{
				_id: 'proj-two',
				project_id: 'proj-two',
				name: 'Second',
				description: '',
				organization_id: 'org-demo',
				organization_name: 'Demo organization',
			},
		]);
	});

	it('stops at Limit', async () => {
		const result = await suite.run({ resource: 'project', operation: 'getMany', limit: 1 });
		expect(result.json().map((p) => p.project_id)).toEqual(['proj-demo']);
	});
});
