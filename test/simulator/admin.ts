import { randomUUID } from 'node:crypto';

import { agentPlatformContract } from '../contracts/agentPlatform';
import { routeDirectory, type DirectoryState } from './adminDirectory';
import { AgentRuns, type RunsSeed } from './agentRuns';
import type { SimRequest, SimResponse, SimulatorModule } from './server';
import { reply } from './server';

/** The wire key under `permissions.items` (see nodes/AgentPlatformAdmin/helpers/roles.ts). */
export const WIRE_PERMISSIONS_KEY = 'relevanceDefault';
const KNOWN_ACTIONS = ['admin', 'role:editor', 'role:viewer'];
/** The documented form of a user ID in a path (at most 240 characters). */
const USER_ID_PATTERN = /^[a-zA-Z0-9._-]+$/;

export interface AdminSeed {
	organizations?: Array<{ id: string; members: Array<{ userId: string; email: string }> }>;
	/** API keys and the role each key holds. Admin is needed for invitation and user operations. */
	apiKeys?: Array<{ key: string; role: 'admin' | 'member'; organizationId: string }>;
	projects?: Array<{
		id: string;
		name: string;
		organizationId: string;
		/** Users already in the project, with their roles (wire actions). */
		members?: Array<{ userId: string; email: string; actions: Record<string, boolean> }>;
	}>;
	/** Agents, tools, their timings and the organization's concurrency limit. */
	runs?: RunsSeed;
	credits?: number;
}

interface ProjectRecord {
	project_id: string;
	name: string;
	description: string;
	organization_id: string;
	users: Record<string, { email: string; actions: Record<string, boolean> }>;
	invites: Record<string, { email: string; actions: Record<string, boolean>; accepted: boolean }>;
}

export interface CallRecord {
	method: string;
	path: string;
	authorization: string | undefined;
	body: unknown;
	status: number;
}

export class AdminService implements SimulatorModule, DirectoryState {
	readonly name = 'admin';
	readonly contract = agentPlatformContract;
	readonly calls: CallRecord[] = [];
	readonly organizations = new Map<string, Map<string, string>>(); // org → email → userId
	readonly apiKeys = new Map<string, { role: 'admin' | 'member'; organizationId: string }>();
	readonly projects = new Map<string, ProjectRecord>();
	readonly userKeys: DirectoryState['userKeys'] = new Map();
	readonly runs: AgentRuns;
	credits: number;
	private counter = 0;

	/** The most records on one page of any listing, whatever `page_size` asked (default 1000). */
	get pageCap(): number {
		return this.runs.pageCap;
	}
	set pageCap(cap: number) {
		this.runs.pageCap = cap;
	}

	constructor(seed: AdminSeed = {}) {
		for (const org of seed.organizations ?? []) {
			this.organizations.set(
				org.id,
				new Map(org.members.map((m) => [m.email.toLowerCase(), m.userId])),
			);
		}
		for (const key of seed.apiKeys ?? []) this.apiKeys.set(key.key, key);
		for (const project of seed.projects ?? []) {
			this.projects.set(project.id, {
				project_id: project.id,
				name: project.name,
				description: '',
				organization_id: project.organizationId,
				users: Object.fromEntries(
					(project.members ?? []).map((m) => [m.userId, { email: m.email, actions: m.actions }]),
				),
				invites: {},
			});
		}
		this.runs = new AgentRuns(seed.runs);
		this.credits = seed.credits ?? 1000;
	}

	concurrency() {
		return this.runs.concurrency();
	}

	/** `POST /__sim/admin/runs` `{agentRunMs?, toolJobMs?, concurrencyLimit?}`: run timings. */
	control(action: string, body: unknown): SimResponse {
		if (action !== 'runs') return reply(404, { message: `No control ${action}` });
		Object.assign(this.runs, body as object);
		return reply(200, {});
	}

	handles(path: string): boolean {
		return path.startsWith('/latest/');
	}

	/** A request its contract does not allow: the platform's 422 validation error. */
	refuse(problems: string[]): SimResponse {
		return this.error(422, problems.join('; '), 'validation_error');
	}

	snapshot() {
		return {
			calls: this.calls.length,
			projects: Object.fromEntries(this.projects),
		};
	}

	handle(request: SimRequest): SimResponse {
		const response = this.route(request);
		this.calls.push({
			method: request.method,
			path: request.path,
			authorization: request.headers.authorization,
			body: request.body,
			status: response.status,
		});
		return response;
	}

	private error(status: number, message: string, errorType: string): SimResponse {
		const requestId = `req-${String(++this.counter).padStart(6, '0')}`;
		return reply(
			status,
			{ message, error_type: errorType, error_audience: 'platform' },
			{ 'x-request-id': requestId, error_id: requestId },
		);
	}

	/** `Bearer <project>:<key>` (Bearer optional, as the service's own examples mix both). */
	private parseAuthorization(header: string | undefined) {
		if (!header) return undefined;
		const token = header.replace(/^Bearer\s+/i, '');
		const separator = token.indexOf(':');
		if (separator < 0) return undefined;
		return { projectId: token.slice(0, separator), key: token.slice(separator + 1) };
	}

	private route(request: SimRequest): SimResponse {
		const path = request.path.slice('/latest'.length);
		const auth = this.parseAuthorization(request.headers.authorization);
		const key = auth && this.apiKeys.get(auth.key);
		if (!auth || !key)
			return this.error(401, 'Invalid API key or authorization header.', 'unauthorized');
		const body = (request.body ?? {}) as Record<string, unknown>;

		if (request.method === 'POST' && path === '/projects/create') {
			if (auth.projectId !== '') {
				return this.error(
					400,
					'Project creation takes an authorization header without a project.',
					'bad_request',
				);
			}
			const organizationId = body.organization_id;
			if (typeof organizationId !== 'string' || !organizationId) {
				return this.error(422, "Field 'organization_id' is required.", 'validation_error');
			}
			if (organizationId !== key.organizationId) {
				return this.error(
					403,
					`This API key cannot create projects in organization ${organizationId}.`,
					'forbidden',
				);
			}
			const projectId = `proj-${randomUUID().slice(0, 8)}`;
			this.projects.set(projectId, {
				project_id: projectId,
				name: String(body.name ?? ''),
				description: String(body.description ?? ''),
				organization_id: organizationId,
				users: {},
				invites: {},
			});
			return reply(200, { project_id: projectId });
		}

		const project = this.projects.get(auth.projectId);
		if (!project || project.organization_id !== key.organizationId) {
			return this.error(401, 'The API key has no access to this project.', 'unauthorized');
		}
		if (request.method === 'GET' && path === '/auth/info') {
			// The documented shape: user, key and permissions (services-beyond-seed.md §1.2).
			return reply(200, {
				user_id: `key-owner-${auth.key.slice(-4)}`,
				key_id: auth.key.slice(0, 6),
				permissions: {
					projects: {
						[project.project_id]: {
							actions: key.role === 'admin' ? { admin: true } : { 'role:editor': true },
						},
					},
				},
			});
		}
		const fail = (status: number, message: string, type: string) =>
			this.error(status, message, type);
		const answer =
			this.runs.route(request, path, project.project_id, fail) ??
			routeDirectory(this, request, path, project, key.role === 'admin', fail);
		if (answer) return answer;
		if (key.role !== 'admin') {
			return this.error(403, 'This operation requires the Admin role.', 'forbidden');
		}

		if (request.method === 'POST' && path === '/auth/invite/create') {
			const email = typeof body.email === 'string' ? body.email.toLowerCase() : '';
			if (!email.includes('@'))
				return this.error(422, "Field 'email' must be an e-mail address.", 'validation_error');
			const actions = this.readActions(body.permissions);
			if (typeof actions === 'string') return this.error(422, actions, 'validation_error');
			const inviteCode = `inv-${randomUUID().slice(0, 12)}`;
			const memberId = this.organizations.get(project.organization_id)?.get(email);
			project.invites[inviteCode] = { email, actions, accepted: memberId !== undefined };
			if (memberId !== undefined) {
				project.users[memberId] = { email, actions: { ...actions } };
				return reply(200, {
					invite_code: inviteCode,
					email_status: 'sent',
					accepted: true,
					user_id: memberId,
				});
			}
			return reply(200, { invite_code: inviteCode, email_status: 'sent' });
		}
		if (request.method === 'POST' && path === '/auth/invite/delete') {
			const code = body.invite_code;
			if (typeof code !== 'string' || !project.invites[code]) {
				return this.error(
					404,
					`Invite ${String(code)} was not found in this project.`,
					'not_found',
				);
			}
			delete project.invites[code];
			return reply(200, {});
		}
		const userMatch = /^\/auth\/users\/([^/]+)\/(update|delete)$/.exec(path);
		if (request.method === 'POST' && userMatch) {
			const userId = decodeURIComponent(userMatch[1]);
			if (!USER_ID_PATTERN.test(userId) || userId.length > 240) {
				return this.error(
					422,
					"Path parameter 'user_id' must match ^[a-zA-Z0-9._-]+$ and be at most 240 characters.",
					'validation_error',
				);
			}
			const user = project.users[userId];
			if (!user)
				return this.error(404, `User ${userId} is not a member of this project.`, 'not_found');
			if (userMatch[2] === 'delete') {
				if (Object.keys(body).length > 0) {
					return this.error(422, 'Remove user takes an empty JSON object.', 'validation_error');
				}
				delete project.users[userId];
				return reply(200, {});
			}
			const actions = this.readActions(body.permissions);
			if (typeof actions === 'string') return this.error(422, actions, 'validation_error');
			user.actions = body.overwrite === true ? { ...actions } : { ...user.actions, ...actions };
			return reply(200, {});
		}
		return this.error(404, `No route ${request.method} ${request.path}.`, 'not_found');
	}

	private readActions(permissions: unknown): Record<string, boolean> | string {
		const actions = (permissions as { items?: Record<string, { actions?: unknown }> } | undefined)
			?.items?.[WIRE_PERMISSIONS_KEY]?.actions;
		if (!actions || typeof actions !== 'object') {
			return `Field 'permissions.items.${WIRE_PERMISSIONS_KEY}.actions' is required.`;
		}
		for (const [name, value] of Object.entries(actions)) {
			if (!KNOWN_ACTIONS.includes(name)) return `Unknown permission action '${name}'.`;
			if (typeof value !== 'boolean') return `Permission action '${name}' must be a boolean.`;
		}
		return actions as Record<string, boolean>;
	}

	/** Users and their roles in one project, for assertions. */
	usersOf(projectId: string) {
		return this.projects.get(projectId)?.users ?? {};
	}
}
