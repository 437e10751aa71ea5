/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, never shipped */
/**
 * A scripted OpenAI-compatible chat model on 127.0.0.1 (no network): answers
 * `POST /v1/chat/completions` (and `GET /v1/models`) with the turns a test scripts, in order, and
 * records every request, so a test can assert the tools a real n8n offered the model and the tool
 * results the model got back.
 *
 * ```ts
 * const model = await startFakeChatModel();
 * model.script([
 *   toolCall('Invite_Member', { email: 'kim@example.com', roles: 'editor' }),
 *   (request) => reply(`done: ${lastToolResult(request)}`),
 * ]);
 * // credential: { type: 'openAiApi', data: { apiKey: 'sk-fake', url: `${model.url}/v1` } }
 * ```
 *
 * Both answer forms n8n's OpenAI Chat Model may ask for are served: a JSON completion, and a
 * server-sent event stream when the request says `stream: true`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ToolCall {
	id: string;
	name: string;
	/** As the model sends it: a JSON text. */
	arguments: string;
}

/** One scripted answer: text, tool calls, or both. */
export interface Turn {
	content?: string;
	toolCalls?: ToolCall[];
}

/** A scripted answer, or a function of the request it answers (to echo a tool result back). */
export type Step = Turn | ((request: ChatRequest) => Turn);

/** The parts of a chat-completions request the tests look at. */
export interface ChatRequest {
	model: string;
	stream?: boolean;
	messages: ChatMessage[];
	tools?: ToolDefinition[];
	[key: string]: unknown;
}

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content: string | null | Array<{ type: string; text?: string }>;
	tool_calls?: Array<{
		id: string;
		type: 'function';
		function: { name: string; arguments: string };
	}>;
	tool_call_id?: string;
	[key: string]: unknown;
}

export interface ToolDefinition {
	type: 'function';
	function: { name: string; description?: string; parameters?: JsonSchema };
}

export interface JsonSchema {
	type?: string;
	properties?: Record<string, JsonSchema & { description?: string }>;
	required?: string[];
	[key: string]: unknown;
}

export interface FakeChatModel {
	/** `http://127.0.0.1:<port>`; the OpenAI credential's Base URL is `${url}/v1`. */
	url: string;
	/** Every chat-completions request, in order, with its Authorization header. */
	requests: Array<{ authorization?: string; body: ChatRequest }>;
	/** Replaces the remaining script (answers are taken from its front). */
	script(steps: Step[]): void;
	/** Steps not used yet. */
	remaining(): number;
	close(): Promise<void>;
}

let callCounter = 0;

/** A turn calling one tool with these arguments. */
export function toolCall(name: string, args: Record<string, unknown>): Turn {
	return {
		toolCalls: [{ id: `call_${++callCounter}`, name, arguments: JSON.stringify(args) }],
	};
}

/** A final text answer. */
export function reply(content: string): Turn {
	return { content };
}

/** A message's content as text (content parts joined). */
export function textOf(message: ChatMessage): string {
	if (typeof message.content === 'string') return message.content;
	if (Array.isArray(message.content))
		return message.content.map((part) => part.text ?? '').join('');
	return '';
}

/** The tool results the request hands the model, in order. */
export function toolResults(request: ChatRequest): string[] {
	return request.messages.filter((message) => message.role === 'tool').map(textOf);
}

/** The last tool result the request hands the model ('' when there is none). */
export function lastToolResult(request: ChatRequest): string {
	return toolResults(request).at(-1) ?? '';
}

/** A final answer that repeats the last tool result, so the agent's output shows what the model saw. */
export const echoToolResult: Step = (request) => reply(`Tool said: ${lastToolResult(request)}`);

function completion(turn: Turn, model: string) {
	const toolCalls = turn.toolCalls?.map((call) => ({
		id: call.id,
		type: 'function' as const,
		function: { name: call.name, arguments: call.arguments },
	}));
	return {
		id: `chatcmpl-fake-${++callCounter}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model,
		choices: [
			{
				index: 0,
				message: {
					role: 'assistant',
					content: turn.content ?? null,
					...(toolCalls?.length ? { tool_calls: toolCalls } : {}),
				},
				logprobs: null,
				finish_reason: toolCalls?.length ? 'tool_calls' : 'stop',
			},
		],
		usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
	};
}

/** The same answer as server-sent chunks: role, content, one chunk per tool call, finish, usage. */
function chunks(turn: Turn, model: string): unknown[] {
	const id = `chatcmpl-fake-${++callCounter}`;
	const created = Math.floor(Date.now() / 1000);
	const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
		id,
		object: 'chat.completion.chunk',
		created,
		model,
		choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
	});
	const list: unknown[] = [chunk({ role: 'assistant', content: '' })];
	if (turn.content) list.push(chunk({ content: turn.content }));
	turn.toolCalls?.forEach((call, index) =>
		list.push(
			chunk({
				tool_calls: [
					{
						index,
						id: call.id,
						type: 'function',
						function: { name: call.name, arguments: call.arguments },
					},
				],
			}),
		),
	);
	list.push(chunk({}, turn.toolCalls?.length ? 'tool_calls' : 'stop'));
	list.push({
		id,
		object: 'chat.completion.chunk',
		created,
		model,
		choices: [],
		usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
	});
	return list;
}

export async function startFakeChatModel(): Promise<FakeChatModel> {
	let steps: Step[] = [];
	const requests: FakeChatModel['requests'] = [];

	const server = http.createServer((req, res) => {
		const parts: Buffer[] = [];
		req.on('data', (part: Buffer) => parts.push(part));
		req.on('end', () => {
			const send = (status: number, body: unknown) => {
				res.writeHead(status, { 'content-type': 'application/json' });
				res.end(JSON.stringify(body));
			};
			const path = (req.url ?? '').split('?')[0];
			if (req.method === 'GET' && path === '/v1/models') {
				send(200, { object: 'list', data: [{ id: 'fake-model', object: 'model' }] });
				return;
			}
			if (req.method !== 'POST' || path !== '/v1/chat/completions') {
				send(404, { error: { message: `No route ${req.method} ${path}`, type: 'not_found' } });
				return;
			}
			let body: ChatRequest;
			try {
				body = JSON.parse(Buffer.concat(parts).toString('utf8')) as ChatRequest;
			} catch {
				send(400, { error: { message: 'Body is not JSON', type: 'invalid_request_error' } });
				return;
			}
			requests.push({ authorization: req.headers.authorization, body });
			const step = steps.shift();
			if (!step) {
				send(500, {
					error: {
						message: 'The fake chat model has no scripted answer left',
						type: 'server_error',
					},
				});
				return;
			}
			const turn = typeof step === 'function' ? step(body) : step;
			if (body.stream) {
				res.writeHead(200, {
					'content-type': 'text/event-stream',
					'cache-control': 'no-cache',
					connection: 'keep-alive',
				});
				for (const part of chunks(turn, body.model)) res.write(`data: ${JSON.stringify(part)}\n\n`);
				res.end('data: [DONE]\n\n');
				return;
			}
			send(200, completion(turn, body.model));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;

	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		script(next) {
			steps = [...next];
		},
		remaining: () => steps.length,
		close: async () =>
			await new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
