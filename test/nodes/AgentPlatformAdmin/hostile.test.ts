/**
 * Hostile and unlucky input for the admin node: every bad item costs no call, its message names
 * the field and the item (and the fix), and the good item of the same run goes on under Continue
 * On Fail. Item 0 is good, item 1 is bad, in every case.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { runWorkflow } from '../../harness';
import { adminCredentials, adminNode, recordCalls, US_BASE, type RecordedCall } from './helpers';

type Operation =
	| 'user:updateRole'
	| 'user:removeFromProject'
	| 'invite:create'
	| 'invite:delete'
	| 'invite:changeRole'
	| 'project:create';

/** Parameters of each operation, with `field` mapped from the item's `v`. */
const GOOD: Record<Operation, Record<string, unknown>> = {
	'user:updateRole': { userId: 'usr-good', roles: ['role:viewer'] },
	'user:removeFromProject': { userId: 'usr-good' },
	'invite:create': { email: 'good@example.com', roles: ['role:viewer'] },
	'invite:delete': { inviteCode: 'inv-good' },
	'invite:changeRole': { inviteCode: 'inv-good', email: 'good@example.com', roles: ['admin'] },
	'project:create': { name: 'Good', description: '', organizationId: 'org-good' },
};

/** The requests the good item makes (paths only), in order. */
const GOOD_PATHS: Record<Operation, string[]> = {
	'user:updateRole': ['/latest/auth/users/usr-good/update'],
	'user:removeFromProject': ['/latest/auth/users/usr-good/delete'],
	'invite:create': ['/latest/auth/invite/create'],
	'invite:delete': ['/latest/auth/invite/delete'],
	'invite:changeRole': ['/latest/auth/invite/delete', '/latest/auth/invite/create'],
	'project:create': ['/latest/projects/create'],
};

const USER_ID_RULE =
	"use letters, digits, '.', '_' and '-' only (at most 240 characters), and not '.' or '..'";
const OPAQUE_RULE =
	'it may not contain spaces, control characters or / ? # %, and has at most 240 characters';
const ROLES = 'Admin, Editor or Viewer';

const notUserId = (echoed: string) =>
	`'${echoed}' in the 'User ID' field of item 1 is not a user ID: ${USER_ID_RULE}`;
const notInviteCode = (echoed: string) =>
	`'${echoed}' in the 'Invite Code' field of item 1 is not an invite code: ${OPAQUE_RULE}`;
const notOrganizationId = (echoed: string) =>
	`'${echoed}' in the 'Organization ID' field of item 1 is not an organization ID: ${OPAQUE_RULE}`;
const notText = (field: string, kind: string) =>
	`The '${field}' field of item 1 is ${kind}, not text: map a single value, e.g. {{ $json.id }}`;
const empty = (field: string) => `The '${field}' field of item 1 is empty`;
const notEmail = (echoed: string) =>
	`'${echoed}' in the 'Email' field of item 1 is not an e-mail address`;
const notRole = (echoed: string) =>
	`'${echoed}' in the 'Roles' field of item 1 is not a role the service knows: use ${ROLES}`;

const HUGE = 'x'.repeat(100_000);
const LONG_ID = 'a'.repeat(241);

/** [name, operation, field, good value, bad value, message] */
const CASES: Array<[string, Operation, string, unknown, unknown, string]> = [
	['user ID "."', 'user:updateRole', 'userId', 'usr-good', '.', notUserId('.')],
	['user ID ".."', 'user:updateRole', 'userId', 'usr-good', '..', notUserId('..')],
	['user ID "a/b"', 'user:updateRole', 'userId', 'usr-good', 'a/b', notUserId('a/b')],
	['user ID "a?b"', 'user:updateRole', 'userId', 'usr-good', 'a?b', notUserId('a?b')],
	['user ID "a#b"', 'user:updateRole', 'userId', 'usr-good', 'a#b', notUserId('a#b')],
	['user ID "%2e%2e"', 'user:updateRole', 'userId', 'usr-good', '%2e%2e', notUserId('%2e%2e')],
	[
		'user ID with CRLF and a header',
		'user:updateRole',
		'userId',
		'usr-good',
		'usr-1\r\nX-Injected: 1',
		notUserId('usr-1\\r\\nX-Injected: 1'),
	],
	[
		'user ID of 241 characters',
		'user:updateRole',
		'userId',
		'usr-good',
		LONG_ID,
		notUserId(`${'a'.repeat(100)}… (241 characters)`),
	],
	[
		'user ID of 100,000 characters, echoed shortened',
		'user:updateRole',
		'userId',
		'usr-good',
		HUGE,
		notUserId(`${'x'.repeat(100)}… (100000 characters)`),
	],
	['user ID with unicode', 'user:updateRole', 'userId', 'usr-good', 'usér', notUserId('usér')],
	[
		'user ID that is an object',
		'user:updateRole',
		'userId',
		'usr-good',
		{ id: 'usr-1' },
		notText('User ID', 'an object'),
	],
	[
		'user ID that is a list',
		'user:updateRole',
		'userId',
		'usr-good',
		['usr-1'],
		notText('User ID', 'a list'),
	],
	['user ID that is null', 'user:updateRole', 'userId', 'usr-good', null, empty('User ID')],
	[
		'user ID that is a boolean',
		'user:updateRole',
		'userId',
		'usr-good',
		true,
		notText('User ID', 'a boolean'),
	],
	['user ID ".." to remove', 'user:removeFromProject', 'userId', 'usr-good', '..', notUserId('..')],
	[
		'user ID of spaces only',
		'user:removeFromProject',
		'userId',
		'usr-good',
		'   ',
		empty('User ID'),
	],
	[
		'user ID with a space inside',
		'user:removeFromProject',
		'userId',
		'usr-good',
		'usr/7 a',
		notUserId('usr/7 a'),
	],
	[
		'e-mail without a domain',
		'invite:create',
		'email',
		'good@example.com',
		'ana@',
		notEmail('ana@'),
	],
	[
		'e-mail that is an object',
		'invite:create',
		'email',
		'good@example.com',
		{ email: 'a@example.com' },
		notText('Email', 'an object'),
	],
	[
		'e-mail of 100,000 characters, echoed shortened',
		'invite:create',
		'email',
		'good@example.com',
		HUGE,
		notEmail(`${'x'.repeat(100)}… (100000 characters)`),
	],
	[
		'e-mail that is a number',
		'invite:create',
		'email',
		'good@example.com',
		12345,
		notEmail('12345'),
	],
	['unknown role', 'invite:create', 'roles', ['Editor'], ['owner'], notRole('owner')],
	[
		'unknown role with the prefix',
		'invite:create',
		'roles',
		'role:viewer',
		'role:superuser',
		notRole('role:superuser'),
	],
	[
		'a role that is an object',
		'invite:create',
		'roles',
		['admin'],
		[{ role: 'admin' }],
		notText('Roles', 'an object'),
	],
	['a role that is a number', 'invite:create', 'roles', ['admin'], 7, notRole('7')],
	[
		'no role at all',
		'invite:create',
		'roles',
		['admin'],
		[],
		`No role chosen in the 'Roles' field of item 1: choose ${ROLES}`,
	],
	[
		'invite code with a dot segment path',
		'invite:delete',
		'inviteCode',
		'inv-good',
		'inv/../x',
		notInviteCode('inv/../x'),
	],
	[
		'invite code with a NUL character',
		'invite:delete',
		'inviteCode',
		'inv-good',
		'inv-\u0000x',
		notInviteCode('inv-\\u0000x'),
	],
	[
		'invite code of 241 characters',
		'invite:delete',
		'inviteCode',
		'inv-good',
		LONG_ID,
		notInviteCode(`${'a'.repeat(100)}… (241 characters)`),
	],
	[
		'invite code that is a list',
		'invite:delete',
		'inviteCode',
		'inv-good',
		['inv-1'],
		notText('Invite Code', 'a list'),
	],
	[
		'invite code with "?" to change',
		'invite:changeRole',
		'inviteCode',
		'inv-good',
		'inv?x=1',
		notInviteCode('inv?x=1'),
	],
	[
		'bad e-mail to change',
		'invite:changeRole',
		'email',
		'good@example.com',
		'bad',
		notEmail('bad'),
	],
	[
		'organization ID with a space',
		'project:create',
		'organizationId',
		'org-good',
		'org 1',
		notOrganizationId('org 1'),
	],
	[
		'organization ID with "%"',
		'project:create',
		'organizationId',
		'org-good',
		'org%2F1',
		notOrganizationId('org%2F1'),
	],
	[
		'organization ID that is an object',
		'project:create',
		'organizationId',
		'org-good',
		{ id: 'org-1' },
		notText('Organization ID', 'an object'),
	],
	['project name that is null', 'project:create', 'name', 'Good', null, empty('Name')],
	[
		'project name that is a list',
		'project:create',
		'name',
		'Good',
		['a', 'b'],
		notText('Name', 'a list'),
	],
];

/** The message of an error item: every operation runs through the router, which writes `json.error`. */
function messageOf(item: INodeExecutionData): string | undefined {
	return item.json.error as string | undefined;
}

function answer(call: RecordedCall): [number, unknown] {
	if (call.path.endsWith('/invite/create')) return [200, { invite_code: 'inv-new' }];
	if (call.path.endsWith('/projects/create')) return [200, { project_id: 'proj-new' }];
	return [200, {}];
}

describe('Agent Platform Admin › hostile input', () => {
	it('has at least 20 cases', () => {
		expect(CASES.length).toBeGreaterThanOrEqual(20);
	});

	it.each(CASES)('%s: no call, the message names field and item', async (...testCase) => {
		const [, operation, field, good, bad, message] = testCase;
		const [resource, operationName] = operation.split(':');
		const calls = recordCalls(US_BASE, answer);
		const result = await runWorkflow({
			nodes: adminNode(
				{
					resource,
					operation: operationName,
					...GOOD[operation],
					[field]: '={{ $json.v }}',
				},
				true,
			),
			items: [{ v: good as never }, { v: bad as never }],
			credentials: adminCredentials(),
		});

		expect(result.status).toBe('success');
		const [goodItem, badItem] = result.output();
		expect(messageOf(goodItem)).toBeUndefined();
		expect(goodItem.pairedItem).toEqual({ item: 0 });
		expect(messageOf(badItem)).toBe(message);
		expect(badItem.pairedItem).toEqual({ item: 1 });
		// Only the good item reached the service.
		expect(calls.map((call) => call.path)).toEqual(GOOD_PATHS[operation]);
		expect(JSON.stringify(result.output())).not.toContain('sk-secret');
	});
});
