/**
 * Failures that leave a call's fate open: calls safe to repeat (Update Role, Remove From Project,
 * Invite Delete) are retried and end with exactly one effect; creating calls (Project Create,
 * Invite Create) are sent once and say they may have run. A small stand-in for the service keeps
 * its state, so a test sees what the calls did, and breaks the requests a test queues faults for.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { timing } from '../../../nodes/AgentPlatformAdmin/transport/timing';
import { adminNode, runAdmin, US_BASE } from './helpers';
import {
	INVITE_MAY_HAVE_RUN,
	PROJECT_MAY_HAVE_RUN,
	REMOVED_BY_EARLIER_ATTEMPT_NOTE,
	REMOVE_USER_UNREACHABLE,
	RUN_AGAIN_TWICE,
} from './messages';

type Fault =
	| 'reset before'
	| 'reset after'
	| '502 after'
	| 'cut-off body'
	| 'held past the time limit'
	| '429';

const GATEWAY_PAGE = '<html><body><h1>502 Bad Gateway</h1></body></html>';

function connectionReset(): Error {
	return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
}

/** The service's state for one test, what it was asked, and the faults for its next requests. */
function fakeService() {
	const state = {
		members: new Map<string, Record<string, boolean>>([['usr-sam', { 'role:viewer': true }]]),
		invites: new Set(['inv-1']),
		projects: [] as string[],
		invitesSent: [] as string[],
		/** Calls that changed the state (a repeated identical update changes nothing). */
		changes: 0,
	};
	const requests: string[] = [];
	const faults: Fault[] = [];

	const run = (path: string, body: IDataObject): [number, IDataObject] => {
		if (path === '/latest/projects/create') {
			state.projects.push(String(body.name));
			state.changes++;
			return [200, { project_id: `proj-${state.projects.length}` }];
		}
		if (path === '/latest/auth/invite/create') {
			state.invitesSent.push(String(body.email));
			state.changes++;
			return [200, { invite_code: `inv-new-${state.invitesSent.length}`, email_status: 'sent' }];
		}
		if (path === '/latest/auth/invite/delete') {
			const code = String(body.invite_code);
			if (!state.invites.delete(code)) {
				return [404, { message: `Invite ${code} was not found in this project.` }];
			}
			state.changes++;
			return [200, {}];
		}
		const [, userId, action] = /^\/latest\/auth\/users\/([^/]+)\/(update|delete)$/.exec(path)!;
		const roles = state.members.get(userId);
		if (!roles) return [404, { message: `User ${userId} is not a member of this project.` }];
		if (action === 'delete') {
			state.members.delete(userId);
			state.changes++;
			return [200, {}];
		}
		const permissions = body.permissions as { items: { relevanceDefault: { actions: object } } };
		const next = { ...permissions.items.relevanceDefault.actions } as Record<string, boolean>;
		if (JSON.stringify(next) !== JSON.stringify(roles)) state.changes++;
		state.members.set(userId, next);
		return [200, {}];
	};

	nock(US_BASE)
		.persist()
		.post(/.*/)
		.reply(async (path, body) => {
			requests.push(path);
			const fault = faults.shift();
			if (fault === 'reset before') throw connectionReset();
			if (fault === '429') return [429, { message: 'Too many requests.' }, { 'retry-after': '0' }];
			const [status, answer] = run(path, body as IDataObject);
			if (fault === 'reset after') throw connectionReset();
			if (fault === '502 after') return [502, GATEWAY_PAGE, { 'content-type': 'text/html' }];
			if (fault === 'cut-off body') {
				const text = JSON.stringify(answer);
				return [status, text.slice(0, Math.ceil(text.length / 2)), JSON_TYPE];
			}
			if (fault === 'held past the time limit') {
				// The answer is held while the attempt's time limit passes on the fake clock: the
				// request's timer fires however slow the machine is, and only if a limit was set.
				jest.advanceTimersByTime(timing.timeoutMs);
			}
			return [status, answer, JSON_TYPE];
		});
	return { state, requests, faults };
}

const JSON_TYPE = { 'content-type': 'application/json' };

const updateRole = adminNode({
	resource: 'user',
	operation: 'updateRole',
	userId: 'usr-sam',
	roles: ['admin'],
	options: { overwrite: true },
});
const removeUser = adminNode({
	resource: 'user',
	operation: 'removeFromProject',
	userId: 'usr-sam',
});
const deleteInvite = adminNode({ resource: 'invite', operation: 'delete', inviteCode: 'inv-1' });
const createProject = adminNode({
	resource: 'project',
	operation: 'create',
	name: 'Support agents',
	description: '',
	organizationId: 'org-9',
});
const createInvite = adminNode({
	resource: 'invite',
	operation: 'create',
	email: 'ana@example.com',
	roles: ['role:viewer'],
});

const REMOVED_BY_EARLIER_ATTEMPT = {
	removed: true,
	user_id: 'usr-sam',
	removed_by_earlier_attempt: true,
	note: REMOVED_BY_EARLIER_ATTEMPT_NOTE('usr-sam'),
};
const DELETED_BY_EARLIER_ATTEMPT = {
	deleted: true,
	deleted_by_earlier_attempt: true,
	note: 'An earlier attempt got no clear answer; asked again, the service no longer knew invite inv-1: it is deleted, most likely by that attempt.',
};
const UPDATED = {
	updated: true,
	user_id: 'usr-sam',
	roles: ['admin'],
	replaced_existing_roles: true,
};

beforeEach(() => {
	jest.replaceProperty(timing, 'baseDelayMs', 1);
	jest.replaceProperty(timing, 'maxDelayMs', 5);
	// A fake clock for the requests' time limits and the pauses between attempts; it follows the
	// real one (the pauses pass), and a held answer moves it past the time limit at once.
	jest.useFakeTimers({
		advanceTimers: true,
		doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate'],
	});
});
afterEach(() => {
	jest.useRealTimers();
	jest.restoreAllMocks();
});

describe('Agent Platform Admin › calls safe to repeat are retried', () => {
	type Service = ReturnType<typeof fakeService>;
	/** Each call, and the part of the service's state it changes, as it must be afterwards. */
	const CALLS: Record<
		string,
		{ node: typeof updateRole; read(s: Service): unknown; after: unknown }
	> = {
		'Update Role': {
			node: updateRole,
			read: (s) => s.state.members.get('usr-sam'),
			after: { admin: true },
		},
		'Remove From Project': {
			node: removeUser,
			read: (s) => s.state.members.has('usr-sam'),
			after: false,
		},
		'Invite Delete': {
			node: deleteInvite,
			read: (s) => s.state.invites.has('inv-1'),
			after: false,
		},
	};
	const cases: Array<[string, Fault, IDataObject]> = [
		['Update Role', 'reset before', UPDATED],
		['Update Role', 'reset after', UPDATED],
		['Update Role', '502 after', UPDATED],
		['Update Role', 'cut-off body', UPDATED],
		['Remove From Project', 'reset before', { removed: true, user_id: 'usr-sam' }],
		['Remove From Project', 'reset after', REMOVED_BY_EARLIER_ATTEMPT],
		['Remove From Project', '502 after', REMOVED_BY_EARLIER_ATTEMPT],
		['Remove From Project', 'cut-off body', REMOVED_BY_EARLIER_ATTEMPT],
		['Invite Delete', 'reset before', { deleted: true }],
		['Invite Delete', 'reset after', DELETED_BY_EARLIER_ATTEMPT],
		['Invite Delete', '502 after', DELETED_BY_EARLIER_ATTEMPT],
		['Invite Delete', 'cut-off body', DELETED_BY_EARLIER_ATTEMPT],
	];

	it.each(cases)('%s after "%s": sent again, one effect, success', async (name, fault, output) => {
		const call = CALLS[name];
		const service = fakeService();
		service.faults.push(fault);
		const result = await runAdmin(call.node);
		expect(result.error).toBeUndefined();
		expect(result.output()).toEqual([{ json: output, pairedItem: { item: 0 } }]);
		// The same request twice, and the service's state changed once.
		expect(service.requests).toHaveLength(2);
		expect(new Set(service.requests).size).toBe(1);
		expect(service.state.changes).toBe(1);
		expect(call.read(service)).toEqual(call.after);
	});

	it('gives up after 5 attempts (4 retries) and says what the service answered', async () => {
		const service = fakeService();
		service.faults.push(...Array<Fault>(6).fill('502 after'));
		const result = await runAdmin(updateRole);
		expect(result.error?.message).toBe('The service refused to update the user’s roles: HTTP 502');
		expect(result.error?.description).toBe(
			'The service is busy or failing; run the node again later. The call was sent 5 times, with growing pauses.',
		);
		expect(service.requests).toHaveLength(5);
		expect(service.faults).toEqual(['502 after']);
	});

	it('gives up after 5 dropped connections with a message that says what to check', async () => {
		const service = fakeService();
		service.faults.push(...Array<Fault>(5).fill('reset before'));
		const result = await runAdmin(removeUser);
		expect(result.error?.message).toBe(REMOVE_USER_UNREACHABLE);
		expect(service.requests).toHaveLength(5);
		expect(service.state.members.has('usr-sam')).toBe(true);
	});

	it('limits each attempt in time: an answer held too long is given up and the call sent again', async () => {
		const service = fakeService();
		service.faults.push('held past the time limit');
		const result = await runAdmin(updateRole);
		expect(result.error).toBeUndefined();
		expect(result.json()).toEqual([UPDATED]);
		expect(service.requests).toHaveLength(2);
		expect(service.state.changes).toBe(1);
	});

	it('a 404 to the first attempt of a delete is still an error (nothing left its fate open)', async () => {
		const service = fakeService();
		const result = await runAdmin(
			adminNode({ resource: 'invite', operation: 'delete', inviteCode: 'inv-gone' }),
		);
		expect(result.error?.message).toBe(
			'The service refused to delete the invite: Invite inv-gone was not found in this project.',
		);
		expect(service.requests).toHaveLength(1);
	});

	it('a 404 after a "not executed" 429 is still an error: the first attempt did not run', async () => {
		const service = fakeService();
		service.faults.push('429');
		const result = await runAdmin(
			adminNode({ resource: 'invite', operation: 'delete', inviteCode: 'inv-gone' }),
		);
		expect(result.error?.message).toBe(
			'The service refused to delete the invite: Invite inv-gone was not found in this project.',
		);
		expect(service.requests).toHaveLength(2);
	});

	it('Change Role retries its delete after a dropped connection, then creates the new invite once', async () => {
		const service = fakeService();
		service.faults.push('reset after');
		const result = await runAdmin(
			adminNode({
				resource: 'invite',
				operation: 'changeRole',
				inviteCode: 'inv-1',
				email: 'ana@example.com',
				roles: ['admin'],
			}),
		);
		expect(result.error).toBeUndefined();
		expect(result.json()).toEqual([
			{
				invite_code: 'inv-new-1',
				email_status: 'sent',
				previous_invite_code: 'inv-1',
				email: 'ana@example.com',
				roles: ['admin'],
				auto_accepted: false,
			},
		]);
		expect(service.requests).toEqual([
			'/latest/auth/invite/delete',
			'/latest/auth/invite/delete',
			'/latest/auth/invite/create',
		]);
		expect(service.state.invitesSent).toEqual(['ana@example.com']);
	});
});

describe('Agent Platform Admin › creating calls are never replayed', () => {
	const CREATES: Record<string, { node: typeof createProject; message(what: string): string }> = {
		'Project Create': { node: createProject, message: PROJECT_MAY_HAVE_RUN },
		'Invite Create': { node: createInvite, message: INVITE_MAY_HAVE_RUN },
	};
	const CLOSED = 'the connection closed before an answer came';
	/** [call, fault, what the message says happened, how often the service ran it] */
	const cases: Array<[string, Fault, string, number]> = (
		['Project Create', 'Invite Create'] as const
	).flatMap((name) => [
		[name, 'reset before', CLOSED, 0],
		[name, 'reset after', CLOSED, 1],
		[name, '502 after', 'HTTP 502', 1],
		[name, 'cut-off body', 'its answer was cut off or is not JSON', 1],
		[name, 'held past the time limit', 'no answer within 30 s', 1],
	]);

	it.each(cases)('%s after "%s": sent once, "may have run"', async (name, fault, what, ran) => {
		const service = fakeService();
		service.faults.push(fault);
		const result = await runAdmin(CREATES[name].node);
		expect(result.status).toBe('error');
		expect(result.error?.message).toBe(CREATES[name].message(what));
		expect(service.requests).toHaveLength(1);
		expect(service.state.changes).toBe(ran);
	});

	it('with Continue On Fail, the error item keeps the message and the fix, and the next item goes on', async () => {
		const service = fakeService();
		service.faults.push('reset after');
		const result = await runAdmin({ ...createProject, continueOnFail: true }, [{}, {}]);
		expect(result.output()).toEqual([
			{
				json: {
					error: PROJECT_MAY_HAVE_RUN(CLOSED),
					description: RUN_AGAIN_TWICE('create the project', "the organization's projects"),
				},
				pairedItem: { item: 0 },
			},
			{ json: { project_id: 'proj-2' }, pairedItem: { item: 1 } },
		]);
		expect(service.requests).toHaveLength(2);
		expect(service.state.projects).toEqual(['Support agents', 'Support agents']);
	});

	it('a 429 means "not executed": the create is sent again and made once', async () => {
		const service = fakeService();
		service.faults.push('429');
		const result = await runAdmin(createInvite);
		expect(result.error).toBeUndefined();
		expect(result.json()).toEqual([
			{
				invite_code: 'inv-new-1',
				email_status: 'sent',
				email: 'ana@example.com',
				roles: ['role:viewer'],
				auto_accepted: false,
			},
		]);
		expect(service.requests).toHaveLength(2);
		expect(service.state.invitesSent).toEqual(['ana@example.com']);
	});
});
