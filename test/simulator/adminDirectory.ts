import { randomUUID } from 'node:crypto';

import type { SimRequest, SimResponse } from './server';
import { pageOf } from './runQueue';
import { reply } from './server';

/**
 * The platform's listings, API keys and organization info (its schema, not its documentation):
 * the shapes and permissions of `reference/services-beyond-seed.md` §1.2.
 */

type Fail = (status: number, message: string, type: string) => SimResponse;

export interface DirectoryProject {
	project_id: string;
	name: string;
	description: string;
	organization_id: string;
	users: Record<string, { email: string; actions: Record<string, boolean> }>;
	invites: Record<string, { email: string; actions: Record<string, boolean>; accepted: boolean }>;
}

export interface DirectoryState {
	projects: Map<string, DirectoryProject>;
	apiKeys: Map<string, { role: 'admin' | 'member'; organizationId: string }>;
	userKeys: Map<
		string,
		Array<{ _id: string; label?: string; notes?: string; ttl_hours?: number; key: string }>
	>;
	credits: number;
	/** The most records the platform puts on one page, whatever `page_size` asked (a cap, not an error). */
	pageCap: number;
	concurrency(): { limit: number; active: number; pending: number };
}

const FILTER_TYPES = ['exact_match', 'ids', 'exists', 'regexp'];

/**
 * Answers the directory calls, or undefined for a path it does not serve. `isAdmin` is whether
 * the key holds the Admin role (the `users:write` calls need it).
 */
export function routeDirectory(
	state: DirectoryState,
	request: SimRequest,
	path: string,
	project: DirectoryProject,
	isAdmin: boolean,
	fail: Fail,
): SimResponse | undefined {
	const body = (request.body ?? {}) as Record<string, unknown>;
	const { method } = request;
	if (method === 'GET' && path === '/projects/list') {
		const paging = pageOf(
			request.query.get('page') ?? undefined,
			request.query.get('page_size') ?? undefined,
			state.pageCap,
		);
		if (typeof paging === 'string') return fail(422, paging, 'validation_error');
		const all = [...state.projects.values()].filter(
			(p) => p.organization_id === project.organization_id,
		);
		return reply(200, {
			projects: paging(all).map((p) => ({
				_id: p.project_id,
				project_id: p.project_id,
				name: p.name,
				description: p.description,
				organization_id: p.organization_id,
				organization_name: 'Demo organization',
			})),
			count: all.length,
		});
	}
	if (method === 'GET' && path === '/projects/organization_info') {
		return reply(200, {
			credits: state.credits,
			actions: 0,
			entitlement_plan: 'free',
			concurrency: state.concurrency(),
			default_project_id: project.project_id,
		});
	}
	if (method === 'POST' && path === '/auth/users/list') {
		const paging = pageOf(body.page, body.page_size, state.pageCap);
		if (typeof paging === 'string') return fail(422, paging, 'validation_error');
		const filters = body.filters ?? [];
		if (
			!Array.isArray(filters) ||
			filters.some(
				(f: Record<string, unknown>) =>
					!FILTER_TYPES.includes(String(f?.filter_type)) || typeof f?.field !== 'string',
			)
		) {
			return fail(
				422,
				"Field 'filters' must be a list of {field, filter_type: exact_match|ids|exists|regexp, condition_value}.",
				'validation_error',
			);
		}
		const users = Object.entries(project.users)
			.map(([id, user]) => ({
				_id: id,
				email: user.email,
				type: 'user',
				permissions: { projects: { [project.project_id]: { actions: user.actions } } },
			}))
			.filter((user) =>
				filters.every(
					(f: Record<string, unknown>) =>
						f.filter_type !== 'exact_match' ||
						String((user as Record<string, unknown>)[String(f.field)] ?? '') ===
							String(f.condition_value),
				),
			);
		return reply(200, { results: paging(users) });
	}
	if (
		!isAdmin &&
		method === 'POST' &&
		/^\/auth\/(invite\/(list|resend)|users\/[^/]+\/keys\/(create|delete))$/.test(path)
	) {
		return fail(403, 'This operation requires the Admin role.', 'forbidden');
	}
	if (method === 'POST' && path === '/auth/invite/list') {
		return reply(200, {
			results: Object.entries(project.invites)
				.filter(([, invite]) => !invite.accepted)
				.map(([code, invite]) => ({
					_id: code,
					email: invite.email,
					email_status: 'sent',
					permissions: { actions: invite.actions },
					project: project.project_id,
				})),
		});
	}
	if (method === 'POST' && path === '/auth/invite/resend') {
		const code = body.invite_code;
		if (typeof code !== 'string' || !project.invites[code]) {
			return fail(404, `Invite ${String(code)} was not found in this project.`, 'not_found');
		}
		return reply(200, { invite_code: code });
	}
	const keys = /^\/auth\/users\/([^/]+)\/keys\/(create|list|delete)$/.exec(path);
	if (method === 'POST' && keys) {
		const userId = decodeURIComponent(keys[1]);
		const user = project.users[userId];
		if (!user) return fail(404, `User ${userId} is not a member of this project.`, 'not_found');
		const list = state.userKeys.get(userId) ?? [];
		state.userKeys.set(userId, list);
		if (keys[2] === 'list') {
			return reply(200, {
				results: list.map((entry) =>
					Object.fromEntries(Object.entries(entry).filter(([name]) => name !== 'key')),
				),
			});
		}
		if (keys[2] === 'delete') {
			const index = list.findIndex((k) => k._id === body.id);
			if (index < 0)
				return fail(404, `API key ${String(body.id)} not found for user ${userId}.`, 'not_found');
			state.apiKeys.delete(list[index].key);
			list.splice(index, 1);
			return reply(200, {});
		}
		const extra = Object.keys(body).filter((k) => !['label', 'notes', 'ttl_hours'].includes(k));
		if (extra.length) return fail(422, `Unknown field '${extra[0]}'.`, 'validation_error');
		if (
			body.ttl_hours !== undefined &&
			(typeof body.ttl_hours !== 'number' || body.ttl_hours <= 0)
		) {
			return fail(422, "Field 'ttl_hours' must be a positive number.", 'validation_error');
		}
		const id = `key-${randomUUID().slice(0, 8)}`;
		const key = `sk-${randomUUID().replace(/-/g, '')}`;
		list.push({
			_id: id,
			key,
			...(body as { label?: string; notes?: string; ttl_hours?: number }),
		});
		state.apiKeys.set(key, {
			role: user.actions.admin ? 'admin' : 'member',
			organizationId: project.organization_id,
		});
		return reply(200, { api_key: key, id });
	}
	return undefined;
}
