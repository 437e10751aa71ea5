import type { IDataObject } from 'n8n-workflow';

import type { Page } from '../helpers/paging';
import { permissionsFor } from '../helpers/roles';
import { apiRequest, getRequest, resultsOf, segment, type ServiceContext } from './index';

/**
 * Listings and keys of the project and organization. All in the platform's schema only (its
 * documentation covers the five administration calls and agent/tool runs).
 */

const keysPath = (userId: string, action: 'create' | 'list' | 'delete') =>
	`/auth/users/${segment(userId)}/keys/${action}`;

/**
 * One page of the projects the key can see (`GET /projects/list`, pages from 1), with the
 * listing's total (`count`).
 */
export async function projectsPage(
	ctx: ServiceContext,
	page: number,
	pageSize: number,
	itemIndex: number,
): Promise<Page> {
	const answer = await getRequest.call(ctx, '/projects/list', 'list the projects', itemIndex, {
		page,
		page_size: pageSize,
	});
	const total = answer.count;
	return {
		rows: resultsOf(answer, 'projects'),
		...(typeof total === 'number' ? { total } : {}),
	};
}

/**
 * One page of the users of `project` (or of the credential's project), optionally only the one
 * with an e-mail address.
 */
export async function listUsers(
	ctx: ServiceContext,
	page: number,
	pageSize: number,
	email: string | undefined,
	itemIndex: number,
	project?: string,
): Promise<IDataObject[]> {
	const filters = email
		? [{ field: 'email', filter_type: 'exact_match', condition: '==', condition_value: email }]
		: undefined;
	const answer = await apiRequest.call(
		ctx,
		'/auth/users/list',
		{ page, page_size: pageSize, ...(filters ? { filters } : {}) },
		{
			action: "list the project's users",
			requiresAdmin: false,
			itemIndex,
			safeToRepeat: true,
			project,
		},
	);
	return resultsOf(answer);
}

/** Every pending invite of `project`, or of the credential's project (the call does not page). */
export async function listInvites(
	ctx: ServiceContext,
	itemIndex: number,
	project?: string,
): Promise<IDataObject[]> {
	const answer = await apiRequest.call(
		ctx,
		'/auth/invite/list',
		{},
		{
			action: "list the project's invites",
			requiresAdmin: true,
			itemIndex,
			safeToRepeat: true,
			project,
		},
	);
	return resultsOf(answer);
}

/** Invites `email` with `roles` (wire form). Never replayed: it would send a second invite. */
export async function createInvite(
	ctx: ServiceContext,
	email: string,
	roles: string[],
	action: string,
	itemIndex: number,
	project?: string,
): Promise<IDataObject> {
	return await apiRequest.call(
		ctx,
		'/auth/invite/create',
		{ email, permissions: permissionsFor(roles) },
		{
			action,
			requiresAdmin: true,
			itemIndex,
			safeToRepeat: false,
			whereToCheck: "the project's pending invites",
			project,
		},
	);
}

/** Sends the invite e-mail again. Not replayed: a second call would send a second e-mail. */
export async function resendInvite(
	ctx: ServiceContext,
	inviteCode: string,
	itemIndex: number,
	project?: string,
): Promise<IDataObject> {
	return await apiRequest.call(
		ctx,
		'/auth/invite/resend',
		{ invite_code: inviteCode },
		{
			action: 'resend the invite',
			requiresAdmin: true,
			itemIndex,
			safeToRepeat: false,
			whereToCheck: "the invitee's inbox (or the invite's e-mail status in Invite → Get Many)",
			project,
		},
	);
}

/** Creates an API key for a user (`{api_key, id}`). Never replayed: it would make a second key. */
export async function createApiKey(
	ctx: ServiceContext,
	userId: string,
	body: IDataObject,
	itemIndex: number,
): Promise<IDataObject> {
	return await apiRequest.call(ctx, keysPath(userId, 'create'), body, {
		action: 'create the API key',
		requiresAdmin: true,
		itemIndex,
		safeToRepeat: false,
		whereToCheck: "the user's API keys (API Key → Get Many)",
	});
}

export async function listApiKeys(
	ctx: ServiceContext,
	userId: string,
	itemIndex: number,
): Promise<IDataObject[]> {
	const answer = await apiRequest.call(
		ctx,
		keysPath(userId, 'list'),
		{},
		{ action: "list the user's API keys", requiresAdmin: false, itemIndex, safeToRepeat: true },
	);
	return resultsOf(answer);
}

/** Revokes a key; safe to repeat. */
export async function revokeApiKey(
	ctx: ServiceContext,
	userId: string,
	keyId: string,
	itemIndex: number,
): Promise<void> {
	await apiRequest.call(
		ctx,
		keysPath(userId, 'delete'),
		{ id: keyId },
		{ action: 'revoke the API key', requiresAdmin: true, itemIndex, safeToRepeat: true },
	);
}

/** Credits, plan and live concurrency (`concurrency{limit, active, pending}`) of the organization. */
export async function readOrganizationInfo(
	ctx: ServiceContext,
	itemIndex: number,
): Promise<IDataObject> {
	return await getRequest.call(
		ctx,
		'/projects/organization_info',
		'read the organization info',
		itemIndex,
	);
}

/** Who the API key is: its user, key and permissions (`GET /auth/info`). */
export async function readAuthInfo(ctx: ServiceContext, itemIndex: number): Promise<IDataObject> {
	return await getRequest.call(ctx, '/auth/info', 'read who the API key belongs to', itemIndex);
}
