/**
 * The agent platform's contract (simulator module `admin`, paths under `/latest`): the
 * administration API, agent runs, tool runs and the lists the nodes read. Sources: the platform's
 * OpenAPI file as split by `api-evangelist/relevance-ai` (`openapi/relevance-ai-*-api-openapi.yml`,
 * summed up in `../shared/reference/admin-and-enrichment.md` §1 and `services-beyond-seed.md` §1),
 * its docs pages cited there, and SPEC.md section A where the files are silent.
 */
import type { Endpoint, Schema, ServiceContract } from './types';

const text: Schema = { type: 'string' };
const flag: Schema = { type: 'boolean' };
const anyObject: Schema = { type: 'object', additionalProperties: true };

/** Every error answer: `{message}` plus the platform's error classification. */
const error: Schema = {
	type: 'object',
	required: ['message'],
	properties: { message: text, error_type: text, error_audience: text },
	assumed:
		'The OpenAPI file gives no error schema; the fields are those the platform answers with (SPEC.md "Errors").',
};
const errors = { '4xx': error, '5xx': error };

/** The permission actions a project role is made of (`role:editor`, `role:viewer`, `admin`). */
const actions: Schema = {
	type: 'object',
	properties: { admin: flag, 'role:editor': flag, 'role:viewer': flag },
};
/** `permissions.items.relevanceDefault.actions`: the wire shape of a role (invite, update). */
const permissionsInput: Schema = {
	type: 'object',
	required: ['items'],
	properties: {
		items: {
			type: 'object',
			required: ['relevanceDefault'],
			properties: {
				relevanceDefault: { type: 'object', required: ['actions'], properties: { actions } },
			},
		},
	},
};
const paging: Record<string, Schema> = {
	page: { type: 'integer', minimum: 1 },
	page_size: { type: 'integer', minimum: 1 },
};
const results = (item: Schema): Schema => ({
	type: 'object',
	required: ['results'],
	properties: { results: { type: 'array', items: item } },
});
const empty: Schema = { type: 'object', properties: {} };

/** A tool's record (`studios/list`, `studios/{id}/get`). */
const tool: Schema = {
	type: 'object',
	required: ['studio_id'],
	properties: {
		studio_id: text,
		title: text,
		description: text,
		project: text,
		params_schema: anyObject,
	},
	assumed: '`params_schema` is a JSON Schema the tool author writes: any object.',
};
/** A tool run's outcome (`trigger_limited`, and the last update of `async_poll`). */
const toolOutcome: Schema = {
	type: 'object',
	required: ['status', 'output'],
	properties: {
		status: { type: 'string', enum: ['complete', 'failed'] },
		output: anyObject,
		errors: {
			type: 'array',
			items: { type: 'object', properties: { body: {}, step_name: text } },
		},
		executionTime: { type: 'number' },
	},
	assumed: '`output` holds what the tool returns: any object.',
};

const auth = (
	method: Endpoint['method'],
	path: string,
	operation: string,
	rest: Partial<Endpoint>,
): Endpoint => ({ method, path, operation, source: 'auth', answers: {}, ...rest });

const endpoints: Endpoint[] = [
	auth('GET', '/auth/info', 'GET /auth/info (who am I)', {
		answers: {
			'200': {
				type: 'object',
				required: ['user_id', 'permissions'],
				properties: { user_id: text, key_id: text, permissions: anyObject },
			},
			...errors,
		},
	}),
	{
		method: 'POST',
		path: '/projects/create',
		operation: 'CreateProjectInput → CreateProjectOutput',
		source: 'projects',
		request: {
			body: {
				type: 'object',
				required: ['organization_id'],
				properties: { organization_id: text, name: text, description: text },
			},
		},
		answers: {
			'200': { type: 'object', required: ['project_id'], properties: { project_id: text } },
			...errors,
		},
	},
	{
		method: 'GET',
		path: '/projects/list',
		operation: 'GET /projects/list',
		source: 'projects',
		request: { query: { type: 'object', properties: paging } },
		answers: {
			'200': {
				type: 'object',
				required: ['projects'],
				properties: {
					count: { type: 'integer' },
					projects: {
						type: 'array',
						items: {
							type: 'object',
							required: ['project_id'],
							properties: {
								_id: text,
								project_id: text,
								name: text,
								description: text,
								organization_id: text,
								organization_name: text,
							},
						},
					},
				},
			},
			...errors,
		},
	},
	{
		method: 'GET',
		path: '/projects/organization_info',
		operation: 'GET /projects/organization_info',
		source: 'projects',
		answers: {
			'200': {
				type: 'object',
				properties: {
					credits: { type: 'number' },
					actions: { type: 'number' },
					entitlement_plan: text,
					concurrency: {
						type: 'object',
						properties: {
							limit: { type: 'integer' },
							active: { type: 'integer' },
							pending: { type: 'integer' },
						},
					},
					default_project_id: text,
				},
			},
			...errors,
		},
	},
	auth('POST', '/auth/invite/create', 'CreateProjectInviteInput → output', {
		request: {
			body: {
				type: 'object',
				required: ['email', 'permissions'],
				properties: { email: text, permissions: permissionsInput },
			},
		},
		answers: {
			'200': {
				type: 'object',
				required: ['invite_code'],
				properties: {
					invite_code: text,
					email_status: { type: 'string', enum: ['pending', 'sent', 'failed'] },
					accepted: flag,
					user_id: text,
				},
			},
			...errors,
		},
		assumed: [
			'`accepted` and `user_id` in the answer: the docs say an invite for a member of the organization is accepted at once, the file gives no field for it (SPEC.md section A).',
		],
	}),
	auth('POST', '/auth/invite/delete', 'DeleteProjectInviteInput → DeleteProjectInviteOutput', {
		request: {
			body: { type: 'object', required: ['invite_code'], properties: { invite_code: text } },
		},
		answers: { '200': empty, ...errors },
	}),
	auth('POST', '/auth/invite/list', 'POST /auth/invite/list', {
		request: { body: { type: 'object', properties: {} } },
		answers: {
			'200': results({
				type: 'object',
				properties: {
					_id: text,
					email: text,
					user_id: text,
					email_status: text,
					project: text,
					permissions: { type: 'object', properties: { actions } },
				},
			}),
			...errors,
		},
	}),
	auth('POST', '/auth/invite/resend', 'POST /auth/invite/resend', {
		request: {
			body: { type: 'object', required: ['invite_code'], properties: { invite_code: text } },
		},
		answers: {
			'200': { type: 'object', required: ['invite_code'], properties: { invite_code: text } },
			...errors,
		},
	}),
	auth('POST', '/auth/users/list', 'POST /auth/users/list', {
		request: {
			body: {
				type: 'object',
				properties: {
					...paging,
					filters: {
						type: 'array',
						items: {
							type: 'object',
							properties: {
								field: text,
								filter_type: {
									type: 'string',
									enum: ['exact_match', 'ids', 'exists', 'regexp'],
								},
								condition: text,
								condition_value: {},
							},
						},
					},
				},
			},
		},
		answers: {
			'200': results({
				type: 'object',
				required: ['_id'],
				properties: {
					_id: text,
					email: text,
					type: text,
					first_name: text,
					last_name: text,
					permissions: {
						type: 'object',
						properties: {
							projects: {
								type: 'object',
								additionalProperties: { type: 'object', properties: { actions } },
							},
							organizations: anyObject,
						},
					},
				},
			}),
			...errors,
		},
	}),
	auth('POST', '/auth/users/{user_id}/update', 'UpdateProjectUserInput', {
		request: {
			params: { user_id: { type: 'string', pattern: '^[a-zA-Z0-9._-]+$', maxLength: 240 } },
			body: {
				type: 'object',
				required: ['permissions'],
				properties: { permissions: permissionsInput, overwrite: flag },
			},
		},
		answers: { '200': empty, ...errors },
	}),
	auth('POST', '/auth/users/{user_id}/delete', 'DeleteProjectUserInput', {
		request: {
			params: { user_id: { type: 'string', pattern: '^[a-zA-Z0-9._-]+$', maxLength: 240 } },
			body: { type: 'object', properties: {} },
		},
		answers: { '200': empty, ...errors },
	}),
	auth('POST', '/auth/users/{user_id}/keys/create', 'POST /auth/users/{user_id}/keys/create', {
		request: {
			body: {
				type: 'object',
				properties: { label: text, notes: text, ttl_hours: { type: 'number', minimum: 0 } },
			},
		},
		answers: {
			'200': {
				type: 'object',
				required: ['api_key', 'id'],
				properties: { api_key: text, id: text },
			},
			...errors,
		},
	}),
	auth('POST', '/auth/users/{user_id}/keys/list', 'POST /auth/users/{user_id}/keys/list', {
		request: { body: { type: 'object', properties: {} } },
		answers: {
			'200': results({
				type: 'object',
				required: ['_id'],
				properties: { _id: text, label: text, notes: text, ttl_hours: { type: 'number' } },
			}),
			...errors,
		},
	}),
	auth('POST', '/auth/users/{user_id}/keys/delete', 'POST /auth/users/{user_id}/keys/delete', {
		request: { body: { type: 'object', required: ['id'], properties: { id: text } } },
		answers: { '200': empty, ...errors },
	}),
	{
		method: 'POST',
		path: '/agents/list',
		operation: 'POST /agents/list',
		source: 'agents',
		request: { body: { type: 'object', properties: paging } },
		answers: {
			'200': results({
				type: 'object',
				required: ['agent_id'],
				properties: { agent_id: text, name: text, description: text, project: text },
			}),
			...errors,
		},
	},
	{
		method: 'POST',
		path: '/agents/trigger',
		operation: 'POST /agents/trigger',
		source: 'agents',
		request: {
			body: {
				type: 'object',
				required: ['agent_id', 'message'],
				properties: {
					agent_id: text,
					conversation_id: text,
					external_id: text,
					external_id_behaviour: text,
					message: {
						type: 'object',
						required: ['role', 'content'],
						properties: {
							role: { type: 'string', enum: ['user'] },
							content: text,
							attachments: {
								type: 'array',
								items: {
									type: 'object',
									required: ['file_url'],
									properties: { file_name: text, file_url: text },
								},
							},
						},
					},
				},
			},
		},
		answers: {
			'200': {
				type: 'object',
				required: ['conversation_id'],
				properties: { conversation_id: text, state: text },
			},
			...errors,
		},
		assumed: [
			'`external_id` and `external_id_behaviour`: named by the agents file, their values not described.',
		],
	},
	{
		method: 'GET',
		path: '/agents/{agent_id}/tasks/{task_id}/metadata',
		operation: 'GET /agents/{agent_id}/tasks/{task_id}/metadata',
		source: 'agents',
		request: { query: { type: 'object', properties: { include_streaming_token: flag } } },
		answers: {
			'200': {
				type: 'object',
				required: ['metadata'],
				properties: {
					metadata: {
						type: 'object',
						properties: {
							insert_date: text,
							update_date: text,
							knowledge_set: text,
							conversation: {
								type: 'object',
								properties: {
									agent_id: text,
									created_by_user_id: text,
									state: text,
									title: text,
								},
							},
						},
					},
				},
			},
			...errors,
		},
	},
	{
		method: 'POST',
		path: '/agents/{agent_id}/tasks/{task_id}/view',
		operation: 'POST /agents/{agent_id}/tasks/{task_id}/view',
		source: 'agents',
		request: {
			body: { type: 'object', properties: { page_size: { type: 'integer', minimum: 1 } } },
		},
		answers: {
			'200': results({
				type: 'object',
				properties: {
					item_id: text,
					insert_date_: text,
					content: {
						type: 'object',
						required: ['type'],
						properties: {
							type: text,
							text: text,
							message: {},
							thought_about_tool_calls: flag,
							status: text,
							tool_name: text,
						},
						assumed:
							'The agents file types `content` loosely: the fields are those of the message kinds the docs show (user-message, agent-message, tool-run, agent-error).',
					},
				},
			}),
			...errors,
		},
	},
	{
		method: 'GET',
		path: '/studios/list',
		operation: 'GET /studios/list',
		source: 'tools',
		request: {
			query: {
				type: 'object',
				required: ['filters'],
				properties: { ...paging, filters: text },
			},
		},
		answers: { '200': results(tool), ...errors },
		assumed: [
			'`filters` is a JSON array in the query (the docs show an exact_match on `project`).',
		],
	},
	{
		method: 'GET',
		path: '/studios/{studio_id}/get',
		operation: 'GET /studios/{studio_id}/get',
		source: 'tools',
		answers: {
			'200': { type: 'object', required: ['studio'], properties: { studio: tool } },
			...errors,
		},
	},
	{
		method: 'POST',
		path: '/studios/{studio_id}/trigger_limited',
		operation: 'POST /studios/{studio_id}/trigger_limited',
		source: 'tools',
		request: {
			body: {
				type: 'object',
				required: ['params', 'project'],
				properties: { params: anyObject, project: text },
			},
		},
		answers: {
			'200': toolOutcome,
			'504': {
				type: 'object',
				required: ['message'],
				properties: { message: text, type: text },
				assumed: 'The gateway answer past the sync limit; the docs only say to use trigger_async.',
			},
			...errors,
		},
	},
	{
		method: 'POST',
		path: '/studios/{studio_id}/trigger_async',
		operation: 'POST /studios/{studio_id}/trigger_async',
		source: 'tools',
		request: {
			body: {
				type: 'object',
				required: ['params', 'project'],
				properties: { params: anyObject, project: text, job_id: { type: 'string', minLength: 1 } },
			},
		},
		answers: {
			'200': { type: 'object', required: ['job_id'], properties: { job_id: text } },
			...errors,
		},
		assumed: [
			'`job_id` in the request: the caller names the job so that a repeat is the same job.',
		],
	},
	{
		method: 'GET',
		path: '/studios/{studio_id}/async_poll/{job_id}',
		operation: 'GET /studios/{studio_id}/async_poll/{job_id}',
		source: 'tools',
		request: { query: { type: 'object', properties: { ending_update_only: flag } } },
		answers: {
			'200': {
				type: 'object',
				required: ['type', 'updates'],
				properties: {
					type: text,
					updates: {
						type: 'array',
						items: { type: 'object', properties: { type: text, output: toolOutcome } },
					},
				},
			},
			...errors,
		},
	},
];

export const agentPlatformContract: ServiceContract = {
	service: 'admin',
	prefix: '/latest',
	documents: {
		auth: 'The platform OpenAPI, auth part: api-evangelist/relevance-ai openapi/relevance-ai-auth-api-openapi.yml (reference/admin-and-enrichment.md §1, services-beyond-seed.md §1.2).',
		projects:
			'The platform OpenAPI, projects part: api-evangelist/relevance-ai openapi/relevance-ai-projects-api-openapi.yml (services-beyond-seed.md §1.2).',
		agents:
			'The platform OpenAPI, agents part: api-evangelist/relevance-ai openapi/relevance-ai-agents-api-openapi.yml, and the docs pages api-trigger.mdx (services-beyond-seed.md §1.3).',
		tools:
			'The platform docs long-running-tools.mdx and the tools part of the OpenAPI (services-beyond-seed.md §1.3).',
		spec: '../shared/SPEC.md section A: the connection contract where the files are silent.',
	},
	endpoints,
};
