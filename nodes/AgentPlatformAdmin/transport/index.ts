/**
 * The admin node's calls to the service, built on `adapter.ts`: one call through the shared
 * pipeline, retried as the shared failure model decides (`nodes/shared/failure.ts`). A call is a
 * POST with a JSON body, or a GET for the reads the service serves as GET, with a time limit per
 * attempt.
 */

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { answerBody, send, type ServiceContext } from './adapter';
import { assertServiceSuccess, type AdminCall } from './refusals';

export { adminBaseUrl } from './baseUrl';
export { credentialProjectOf, type ServiceContext } from './adapter';

/** An ID as one path segment, whatever it holds. */
export const segment = (id: string) => encodeURIComponent(id);

/** Path of a user operation; the (checked) user ID is always encoded as one path segment. */
export function userPath(userId: string, action: 'update' | 'delete'): string {
	return `/auth/users/${segment(userId)}/${action}`;
}

/** The records of a listing's answer, under `key`; none when the answer has no such list. */
export const resultsOf = (answer: IDataObject, key = 'results') =>
	Array.isArray(answer[key]) ? (answer[key] as IDataObject[]) : [];

/** The service marks an invite that an existing organization member accepted at once. */
export function isAutoAccepted(answer: IDataObject): boolean {
	return (
		answer.accepted === true || answer.status === 'accepted' || answer.email_status === 'accepted'
	);
}

/** A call whose answer is its result: POST `path` with a JSON body; a refusal becomes a NodeApiError. */
export async function apiRequest(
	this: ServiceContext,
	path: string,
	body: IDataObject,
	call: AdminCall,
): Promise<IDataObject> {
	const { response, attempts } = await send(this, path, body, call);
	assertServiceSuccess(this.getNode(), response, call, attempts);
	return answerBody(response);
}

/** A read the service serves as GET: open to every key, safe to repeat. */
export async function getRequest(
	this: ServiceContext,
	path: string,
	action: string,
	itemIndex: number,
	query?: IDataObject,
): Promise<IDataObject> {
	const call: AdminCall = {
		action,
		requiresAdmin: false,
		itemIndex,
		method: 'GET',
		query,
		safeToRepeat: true,
	};
	return await apiRequest.call(this, path, {}, call);
}

/**
 * A removal (an invite, a user from the project): safe to repeat. When an attempt may have run
 * and a retry is answered 404, that earlier attempt removed it: a success, said in the result.
 */
async function removeRequest(
	this: IExecuteFunctions,
	path: string,
	body: IDataObject,
	call: AdminCall,
): Promise<{ removedByEarlierAttempt: boolean }> {
	const { response, attempts, earlierMayHaveRun } = await send(this, path, body, call);
	if (response.statusCode === 404 && earlierMayHaveRun) return { removedByEarlierAttempt: true };
	assertServiceSuccess(this.getNode(), response, call, attempts);
	return { removedByEarlierAttempt: false };
}

/**
 * Deletes a pending invite (Invite → Delete, and the first step of Change Role) of `project`, or
 * of the credential's project.
 */
export async function deleteInvite(
	this: IExecuteFunctions,
	inviteCode: string,
	action: string,
	itemIndex: number,
	project?: string,
): Promise<{ removedByEarlierAttempt: boolean }> {
	return await removeRequest.call(
		this,
		'/auth/invite/delete',
		{ invite_code: inviteCode },
		{ action, requiresAdmin: true, itemIndex, safeToRepeat: true, project },
	);
}

/**
 * Removes a user from `project`, or from the project named in the credential; the service wants
 * `{}` as the body.
 */
export async function removeUser(
	this: IExecuteFunctions,
	userId: string,
	itemIndex: number,
	project?: string,
): Promise<{ removedByEarlierAttempt: boolean }> {
	return await removeRequest.call(
		this,
		userPath(userId, 'delete'),
		{},
		{
			action: 'remove the user from the project',
			requiresAdmin: true,
			itemIndex,
			safeToRepeat: true,
			project,
		},
	);
}
