import nock from 'nock';

import {
	foreignRedirectMessage,
	OTHER_BASE,
	REDIRECT_STATUSES,
	watchOtherHost,
} from '../../harness/redirects';
import { adminNode, runAdmin, US_BASE } from './helpers';

/**
 * The API key never follows a redirect to another host: n8n's helper would send it along, so the
 * transport follows redirects itself, and only on the credential's own host.
 */

// Limit 1: one page is read (Return All would read on past a short page, whatever `count` says).
const listProjects = adminNode({ resource: 'project', operation: 'getMany', limit: 1 });
const createProject = adminNode({
	resource: 'project',
	operation: 'create',
	name: 'Support agents',
	description: 'Tickets',
	organizationId: 'org-9',
});
const PROJECT = { project_id: 'proj-1', name: 'One' };

describe('Agent Platform: redirects keep the API key on its host', () => {
	it.each(REDIRECT_STATUSES)(
		'GET answered %i to a path on the same host: followed once, with the key',
		async (status) => {
			const other = watchOtherHost();
			const moved = nock(US_BASE)
				.get('/latest/projects/list')
				.query(true)
				.reply(status, '', { Location: '/latest/v2/projects/list?page=1&page_size=100' });
			const target = nock(US_BASE, { reqheaders: { authorization: 'Bearer proj-1:sk-secret' } })
				.get('/latest/v2/projects/list')
				.query({ page: '1', page_size: '100' })
				.once()
				.reply(200, { projects: [PROJECT], count: 1 });

			const result = await runAdmin(listProjects);

			expect(result.error).toBeUndefined();
			expect(result.json()).toEqual([PROJECT]);
			expect(moved.isDone()).toBe(true);
			expect(target.isDone()).toBe(true);
			expect(other).toEqual([]);
		},
	);

	it('POST answered 307 on the same host: the same POST, body and key, sent once there', async () => {
		nock(US_BASE)
			.post('/latest/projects/create')
			.reply(307, '', { Location: `${US_BASE}/latest/v2/projects/create` });
		const target = nock(US_BASE, { reqheaders: { authorization: 'Bearer :sk-secret' } })
			.post('/latest/v2/projects/create', {
				name: 'Support agents',
				description: 'Tickets',
				organization_id: 'org-9',
			})
			.once()
			.reply(200, { project_id: 'proj-new' });

		const result = await runAdmin(createProject);

		expect(result.error).toBeUndefined();
		expect(result.json()).toEqual([{ project_id: 'proj-new' }]);
		expect(target.isDone()).toBe(true);
	});

	it.each(REDIRECT_STATUSES)(
		'GET answered %i to another host: not followed, the error names the host',
		async (status) => {
			const other = watchOtherHost();
			const moved = nock(US_BASE)
				.get('/latest/projects/list')
				.query(true)
				.reply(status, '', { Location: `${OTHER_BASE}/latest/projects/list` });

			const result = await runAdmin(listProjects);

			expect(moved.isDone()).toBe(true);
			expect(other).toEqual([]);
			expect(result.error?.message).toBe(foreignRedirectMessage(status));
			expect(result.error?.description).toContain('Check Region / Base URL in the credential');
		},
	);

	it.each(REDIRECT_STATUSES)(
		'POST answered %i to another host: not followed, nothing created there',
		async (status) => {
			const other = watchOtherHost();
			nock(US_BASE)
				.post('/latest/projects/create')
				.reply(status, '', { Location: `${OTHER_BASE}/latest/projects/create` });

			const result = await runAdmin(createProject);

			expect(other).toEqual([]);
			expect(result.error?.message).toBe(foreignRedirectMessage(status));
		},
	);
});
