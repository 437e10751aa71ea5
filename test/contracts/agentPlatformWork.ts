import type { Endpoint, Schema, ServiceContract } from './types';

/**
 * The agent platform's workforces, knowledge tables and conversations (issue 46): what the
 * platform's published schema, its own SDK and its own skill file say of each call. The
 * administration, agent-run and tool-run calls have their own contract (`agentPlatform.ts`).
 */

const text: Schema = { type: 'string' };
const id: Schema = { type: 'string', minLength: 1, maxLength: 240 };
const anyObject: Schema = { type: 'object', additionalProperties: true };
const timestamp: Schema = { type: 'string' };

/** The platform's error body (every call; the schema itself declares only 200 answers). */
const problem: Schema = {
	type: 'object',
	properties: { message: text, error_type: text, error_audience: text },
	required: ['message'],
	additionalProperties: true,
	assumed:
		'The schema declares only 200 answers; the error body is the one observed live (admin-and-enrichment §1.5).',
};
const errors = { '4xx': problem, '5xx': problem };

/** One filter of the platform's listings (`filters[]` of its List inputs). */
const filter: Schema = {
	type: 'object',
	properties: {
		field: text,
		filter_type: {
			type: 'string',
			enum: [
				'exact_match',
				'exists',
				'ilike',
				'regexp',
				'ids',
				'date',
				'numeric',
				'or',
				'and',
				'size',
				'array_object_match',
			],
		},
		condition: text,
		case_insensitive: { type: 'boolean' },
		condition_value: {},
	},
	additionalProperties: false,
};
const pageSize: Schema = { type: 'integer', minimum: 1 };
const page: Schema = { type: 'integer', minimum: 1 };

/** A workforce task as the task listing gives it (SDK `workforce.ts` getTasks). */
const workforceTask: Schema = {
	type: 'object',
	properties: {
		workforce_task_id: text,
		workforce_id: text,
		title: text,
		state: text,
		requested_state: text,
		insert_date: timestamp,
		update_date: timestamp,
		project: text,
		created_by_user_id: text,
		user_id: text,
		chat_mode: text,
		task_type: text,
	},
	required: ['workforce_task_id', 'workforce_id', 'state'],
	additionalProperties: true,
};

/** One message of a task (SDK `message/task.ts`): its kind is `content.type`. */
const taskMessage: Schema = {
	type: 'object',
	properties: {
		item_id: text,
		insert_date_: timestamp,
		content: { type: 'object', properties: { type: text }, additionalProperties: true },
	},
	required: ['content'],
	additionalProperties: true,
};

/** A row of a knowledge table: the platform keeps the row's fields under `data`. */
const knowledgeRow: Schema = {
	type: 'object',
	properties: { document_id: text, _id: text, data: anyObject, insert_date_: timestamp },
	required: ['data'],
	additionalProperties: true,
	assumed:
		'Rows come back with their fields under `data` (a public client verified live: "inserted rows land under .data"); the row id is `document_id`, as on the platform\'s other stored records (GetMASOutput).',
};

const endpoints: Endpoint[] = [
	{
		method: 'POST',
		path: '/latest/workforce/trigger',
		operation: 'Workforce.sendMessage',
		source: 'RSDK workforce.ts sendMessage; next-2026-12 §2',
		request: {
			body: {
				type: 'object',
				properties: {
					workforce_id: id,
					workforce_task_id: id,
					trigger: {
						type: 'object',
						properties: {
							message: {
								type: 'object',
								properties: {
									role: { type: 'string', enum: ['user'] },
									content: { type: 'string', minLength: 1 },
									attachments: { type: 'array', maxItems: 0 },
								},
								required: ['role', 'content'],
								additionalProperties: false,
							},
						},
						required: ['message'],
						additionalProperties: false,
					},
				},
				required: ['workforce_id', 'trigger'],
				additionalProperties: false,
			},
		},
		answers: {
			'200': {
				type: 'object',
				properties: { workforce_task_id: text },
				required: ['workforce_task_id'],
				additionalProperties: true,
			},
			...errors,
		},
		assumed: [
			'Workforce tasks take no attachments (SDK docs/06_WORKFORCES.md: "workforce tasks do not support file attachments"); the SDK always sends an empty list.',
		],
	},
	{
		method: 'GET',
		path: '/latest/workforce/items/{workforce_id}',
		operation: 'Workforce.get',
		source: 'RSDK workforce.ts Workforce.get (WorkforceConfig)',
		request: { params: { workforce_id: id } },
		answers: {
			'200': {
				type: 'object',
				properties: {
					id: text,
					workforce_metadata: {
						type: 'object',
						properties: { name: text },
						additionalProperties: true,
					},
				},
				required: ['id'],
				additionalProperties: true,
			},
			...errors,
		},
	},
	{
		method: 'POST',
		path: '/latest/mas/list',
		operation: 'ListMAS',
		source: 'OAS relevance-ai-mas-api-openapi.yml ListMASInput (a workforce is a "MAS" record)',
		request: {
			body: {
				type: 'object',
				properties: {
					filters: { type: 'array', items: filter },
					select_fields: { type: 'array', items: text },
					page_size: pageSize,
					page,
					sort: { type: 'array' },
					include_vector: { type: 'boolean' },
					after_id: { type: 'array' },
					query: text,
				},
				additionalProperties: false,
			},
		},
		answers: {
			'200': {
				type: 'object',
				properties: {
					results: {
						type: 'array',
						items: {
							type: 'object',
							properties: {
								document_id: text,
								project: text,
								data: {
									type: 'object',
									properties: { name: text, description: text, type: text },
									additionalProperties: true,
								},
							},
							required: ['document_id'],
							additionalProperties: true,
						},
					},
				},
				required: ['results'],
				additionalProperties: true,
			},
			...errors,
		},
		assumed: [
			"ListMASOutput is not in the split file: each result is assumed to be a record as GetMASOutput gives it (document_id, project, data.name…), under `results` like the platform's other listings.",
		],
	},
	{
		method: 'GET',
		path: '/latest/workforce/tasks/{task_id}/metadata',
		operation: 'WorkforceStrategy.getMetadata',
		source: 'RSDK task/workforce-strategy.ts getMetadata',
		request: { params: { task_id: id } },
		answers: {
			'200': {
				type: 'object',
				properties: {
					metadata: {
						type: 'object',
						properties: {
							insert_date: timestamp,
							update_date: timestamp,
							title: text,
							requested_state: text,
							state: text,
							workforce_id: text,
						},
						required: ['insert_date', 'update_date'],
						additionalProperties: true,
					},
				},
				required: ['metadata'],
				additionalProperties: true,
			},
			...errors,
		},
		assumed: [
			'The metadata carries the task `state` as the task listing does (the SDK reads insert_date, title, update_date and requested_state from it and leaves status "not implemented").',
		],
	},
	{
		method: 'POST',
		path: '/latest/workforce/items/{workforce_id}/tasks/{task_id}/messages',
		operation: 'WorkforceStrategy.getMessages',
		source: 'RSDK task/workforce-strategy.ts getMessages',
		request: {
			params: { workforce_id: id, task_id: id },
			body: {
				type: 'object',
				properties: { page_size: { type: 'integer', minimum: 1, maximum: 1000 } },
				additionalProperties: false,
			},
		},
		answers: {
			'200': {
				type: 'object',
				properties: { results: { type: 'array', items: taskMessage } },
				required: ['results'],
				additionalProperties: true,
			},
			...errors,
		},
		assumed: ['The SDK asks for 1 000 messages at once; more is assumed refused.'],
	},
	{
		method: 'POST',
		path: '/latest/workforce/tasks/list',
		operation: 'Workforce.getTasks',
		source: 'RSDK workforce.ts getTasks; docs/06_WORKFORCES.md (cursor paging)',
		request: {
			body: {
				type: 'object',
				properties: { workforce_id: id, page_size: pageSize, query: text, cursor: text },
				required: ['workforce_id'],
				additionalProperties: false,
			},
		},
		answers: {
			'200': {
				type: 'object',
				properties: { results: { type: 'array', items: workforceTask }, next_cursor: text },
				required: ['results'],
				additionalProperties: true,
			},
			...errors,
		},
	},
	{
		method: 'POST',
		path: '/latest/knowledge/sets/list',
		operation: 'ListKnowledgeSets',
		source:
			'OAS relevance-ai-knowledge-api-openapi.yml ListKnowledgeSets; services-beyond-seed §1.3',
		request: {
			body: {
				type: 'object',
				properties: {
					filters: { type: 'array', items: filter },
					include_hidden: { type: 'boolean' },
					page,
					page_size: pageSize,
				},
				additionalProperties: false,
			},
		},
		answers: {
			'200': {
				type: 'object',
				properties: {
					results: {
						type: 'array',
						items: {
							type: 'object',
							properties: { knowledge_set: text },
							required: ['knowledge_set'],
							additionalProperties: true,
						},
					},
				},
				required: ['results'],
				additionalProperties: true,
			},
			...errors,
		},
		assumed: [
			'ListKnowledgeSetsOutput could not be read from the 4 MB split file: each result is assumed to name its table in `knowledge_set` (with its counts, kept as sent).',
		],
	},
	{
		method: 'POST',
		path: '/latest/knowledge/add',
		operation: 'AddKnowledge',
		source:
			'OAS relevance-ai-knowledge-api-openapi.yml AddKnowledge; RSK SKILL.md "Managing knowledge tables"',
		request: {
			body: {
				type: 'object',
				properties: {
					knowledge_set: id,
					data: {
						type: 'array',
						minItems: 1,
						items: {
							type: 'object',
							properties: {
								type: { type: 'string', enum: ['document'] },
								value: anyObject,
							},
							required: ['type', 'value'],
							additionalProperties: false,
						},
					},
				},
				required: ['knowledge_set', 'data'],
				additionalProperties: false,
			},
		},
		answers: { '200': anyObject, ...errors },
		assumed: [
			'Each row is sent as {type: "document", value: {…row}} (a public client verified live); a table is created by its first row (RSK).',
			'No per-call row limit is published: the node sends 100 rows a call.',
		],
	},
	{
		method: 'POST',
		path: '/latest/knowledge/list',
		operation: 'ListKnowledge',
		source: 'OAS relevance-ai-knowledge-api-openapi.yml ListKnowledge; RSK SKILL.md',
		request: {
			body: {
				type: 'object',
				properties: {
					knowledge_set: id,
					filters: { type: 'array', items: filter },
					page_size: pageSize,
					page,
				},
				required: ['knowledge_set'],
				additionalProperties: false,
			},
		},
		answers: {
			'200': {
				type: 'object',
				properties: { results: { type: 'array', items: knowledgeRow } },
				required: ['results'],
				additionalProperties: true,
			},
			...errors,
		},
		assumed: [
			"ListKnowledgeInput pages like the platform's other List inputs (page, page_size, filters).",
		],
	},
	{
		method: 'POST',
		path: '/latest/knowledge/bulk_update',
		operation: 'BulkUpdateKnowledge',
		source: 'OAS relevance-ai-knowledge-api-openapi.yml BulkUpdateKnowledge; RSK SKILL.md',
		request: {
			body: {
				type: 'object',
				properties: {
					knowledge_set: id,
					updates: {
						type: 'array',
						minItems: 1,
						items: {
							type: 'object',
							properties: { document_id: id, data: anyObject },
							required: ['document_id', 'data'],
							additionalProperties: false,
						},
					},
				},
				required: ['knowledge_set', 'updates'],
				additionalProperties: false,
			},
		},
		answers: { '200': anyObject, ...errors },
		assumed: [
			'Each update names its row by `document_id` and carries the fields to change under `data`, the shape rows are listed in.',
		],
	},
	{
		method: 'POST',
		path: '/latest/knowledge/delete',
		operation: 'DeleteKnowledge',
		source: 'OAS relevance-ai-knowledge-api-openapi.yml DeleteKnowledge; RSK SKILL.md',
		request: {
			body: {
				type: 'object',
				properties: { knowledge_set: id, filters: { type: 'array', items: filter } },
				required: ['knowledge_set'],
				additionalProperties: false,
			},
		},
		answers: { '200': anyObject, ...errors },
		assumed: ['Without filters the whole table is emptied (a public client verified live).'],
	},
	{
		method: 'GET',
		path: '/latest/agents/conversations/list',
		operation: 'Agent.getTasks',
		source: 'RSDK agent.ts getTasks; services-beyond-seed §1.3',
		request: {
			query: {
				type: 'object',
				properties: {
					filters: text,
					sort: text,
					page_size: pageSize,
					page,
					query: text,
				},
				additionalProperties: false,
			},
		},
		answers: {
			'200': {
				type: 'object',
				properties: {
					results: {
						type: 'array',
						items: {
							type: 'object',
							properties: {
								metadata: {
									type: 'object',
									properties: {
										knowledge_set: text,
										insert_date: timestamp,
										update_date: timestamp,
										conversation: anyObject,
									},
									required: ['knowledge_set'],
									additionalProperties: true,
								},
							},
							required: ['metadata'],
							additionalProperties: true,
						},
					},
				},
				required: ['results'],
				additionalProperties: true,
			},
			...errors,
		},
		assumed: [
			"`filters` is a JSON list of filters on conversation.agent_id and conversation.state, as the SDK sends it; the conversation id is the metadata's `knowledge_set`, as in the task metadata.",
		],
	},
	{
		method: 'DELETE',
		path: '/latest/agents/{agent_id}/conversations',
		operation: 'DeleteConversations',
		source: 'services-beyond-seed §1.3 (S4: conversation_ids 1..500)',
		request: {
			params: { agent_id: id },
			body: {
				type: 'object',
				properties: {
					conversation_ids: { type: 'array', minItems: 1, maxItems: 500, items: id },
				},
				required: ['conversation_ids'],
				additionalProperties: false,
			},
		},
		answers: { '200': anyObject, ...errors },
	},
	{
		method: 'DELETE',
		path: '/latest/agents/{agent_id}/conversations/{conversation_id}',
		operation: 'DeleteConversation',
		source: 'services-beyond-seed §1.3 (S4)',
		request: { params: { agent_id: id, conversation_id: id } },
		answers: { '200': anyObject, ...errors },
	},
];

export const agentPlatformWorkContract: ServiceContract = {
	service: 'agentWork',
	prefix: '',
	documents: {
		OAS: "api-evangelist/relevance-ai openapi/ split files (a mirror of the platform's /latest/openapi_schema.json)",
		RSDK: "RelevanceAI/relevance-js-sdk (the platform's own JS SDK, v3)",
		RSK: "RelevanceAI/agent-skills SKILL.md (the platform's hosted tool server)",
		'next-2026-12': '../shared/reference/next-2026-12.md §2',
		'services-beyond-seed': '../shared/reference/services-beyond-seed.md §1',
	},
	endpoints,
};
