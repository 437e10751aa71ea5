import nock from 'nock';

import { runWorkflow } from '../../../../harness';
import { adminCredentials, adminNode, recordCalls, runAdmin, US_BASE } from '../../helpers';
import { PROJECT_CREATE_NO_WRITE_ACCESS, PROJECT_MAY_HAVE_RUN } from '../../messages';

const createProject = (overrides: Record<string, unknown> = {}) =>
	adminNode({
		resource: 'project',
		operation: 'create',
		name: 'Support agents',
		description: 'Tickets',
		organizationId: 'org-9',
		...overrides,
	});

describe('Agent Platform Admin › Project › Create', () => {
	it('posts name, description and organization with an empty project part in the header', async () => {
		const scope = nock(US_BASE, {
			reqheaders: { authorization: 'Bearer :sk-secret', 'content-type': 'application/json' },
		})
			.post('/latest/projects/create', {
				name: 'Support agents',
				description: 'Tickets',
				organization_id: 'org-9',
			})
			.reply(200, { project_id: 'proj-new' });

		const result = await runAdmin(createProject());

		expect(result.error).toBeUndefined();
		expect(result.output()).toEqual([
			{ json: { project_id: 'proj-new' }, pairedItem: { item: 0 } },
		]);
		expect(scope.isDone()).toBe(true);
	});

	it.each([
		['au', '', 'https://api-f1db6c.stack.tryrelevance.com'],
		['eu', '', 'https://api-d7b62b.stack.tryrelevance.com'],
		['custom', 'https://api-1e3042.stack.example.com/', 'https://api-1e3042.stack.example.com'],
		['custom', 'http://127.0.0.1:4010/latest/', 'http://127.0.0.1:4010'],
	])('region %s with base URL "%s" calls %s/latest', async (region, baseUrl, host) => {
		const scope = nock(host).post('/latest/projects/create').reply(200, { project_id: 'p' });
		const result = await runWorkflow({
			nodes: createProject(),
			credentials: adminCredentials({ region, baseUrl }),
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	it('creates one project per input item, with values from expressions', async () => {
		const calls = recordCalls(US_BASE, (call) => [
			200,
			{ project_id: `proj-${(call.body as { name: string }).name}` },
		]);
		const result = await runAdmin(
			createProject({
				name: '={{ $json.team }}',
				description: '={{ "Team " + $json.team }}',
			}),
			[{ team: 'red' }, { team: 'blue' }],
		);
		expect(calls.map((c) => c.body)).toEqual([
			{ name: 'red', description: 'Team red', organization_id: 'org-9' },
			{ name: 'blue', description: 'Team blue', organization_id: 'org-9' },
		]);
		expect(result.output()).toEqual([
			{ json: { project_id: 'proj-red' }, pairedItem: { item: 0 } },
			{ json: { project_id: 'proj-blue' }, pairedItem: { item: 1 } },
		]);
	});

	it('rejects an empty organization ID before any call, naming the field and the item', async () => {
		const calls = recordCalls(US_BASE, () => [200, {}]);
		const result = await runAdmin(createProject({ organizationId: '={{ $json.org }}' }), [
			{ org: 'org-1' },
			{ org: '  ' },
		]);
		expect(result.status).toBe('error');
		expect(result.error?.message).toBe("The 'Organization ID' field of item 1 is empty");
		// Every item is checked before the first call: nothing was sent, not even for item 0.
		expect(calls).toHaveLength(0);
	});

	it('sends an organization ID that an expression returns as a number as a JSON string', async () => {
		const calls = recordCalls(US_BASE, () => [200, { project_id: 'proj-n' }]);
		const result = await runAdmin(createProject({ organizationId: '={{ $json.org }}' }), [
			{ org: 4711 },
		]);
		expect(result.error).toBeUndefined();
		expect(calls.map((c) => c.body)).toEqual([
			{ name: 'Support agents', description: 'Tickets', organization_id: '4711' },
		]);
	});

	it('turns a service refusal into an error with the service message and request ID', async () => {
		nock(US_BASE)
			.post('/latest/projects/create')
			.reply(
				403,
				{ message: 'No write access to organization org-9', error_type: 'forbidden' },
				{ 'x-request-id': 'req-77' },
			);
		const result = await runAdmin(createProject());
		expect(result.status).toBe('error');
		expect(result.error?.message).toBe(PROJECT_CREATE_NO_WRITE_ACCESS);
		expect(result.error?.description).toBe(
			'Check the API key, the project ID and the region in the credential; the key must belong to the organization. (request ID req-77)',
		);
		expect(JSON.stringify(result.error)).not.toContain('sk-secret');
	});

	it('says the credential’s address answered with a web page, not that the project may exist', async () => {
		nock(US_BASE)
			.post('/latest/projects/create')
			.reply(200, '<!doctype html><html><body>Sign in</body></html>', {
				'content-type': 'text/html',
			});
		const result = await runAdmin(createProject());
		expect(result.error?.message).toBe(
			"The address of the credential answered with a web page, not the platform's API, so the node could not create the project",
		);
		expect(result.error?.description).toBe(
			"Check Region (or Base URL with Custom) in the credential: it must point at the platform's API, not at a web site.",
		);
	});

	it('with Continue On Fail, a refused item becomes an error item and the others carry on', async () => {
		recordCalls(US_BASE, (call) =>
			(call.body as { name: string }).name === 'bad'
				? [422, { message: "Field 'name' is too long.", error_type: 'validation_error' }]
				: [200, { project_id: 'proj-ok' }],
		);
		const result = await runAdmin(
			{ ...createProject({ name: '={{ $json.name }}' }), continueOnFail: true },
			[{ name: 'bad' }, { name: 'good' }],
		);
		expect(result.status).toBe('success');
		const [failed, ok] = result.output();
		expect(failed.json.error).toBe(
			"The service refused to create the project: Field 'name' is too long.",
		);
		expect(failed.pairedItem).toEqual({ item: 0 });
		expect(ok).toEqual({ json: { project_id: 'proj-ok' }, pairedItem: { item: 1 } });
	});

	it('says the project may exist when the connection drops (not replayed: see retries.test.ts)', async () => {
		const scope = nock(US_BASE).post('/latest/projects/create').replyWithError('socket hang up');
		const result = await runAdmin(createProject());
		expect(result.status).toBe('error');
		expect(result.error?.message).toBe(
			PROJECT_MAY_HAVE_RUN('the connection closed before an answer came'),
		);
		expect(scope.isDone()).toBe(true);
	});
});
