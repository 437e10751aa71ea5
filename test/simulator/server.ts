/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a local test server, never shipped */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { checkAnswer, checkRequest } from '../contracts/check';
import type { ServiceContract } from '../contracts/types';
import { checkLater, reportViolation, runPendingChecks } from '../contracts/violations';

/** What a service module sees of one request. */
export interface SimRequest {
	method: string;
	/** Path without the query string, e.g. `/latest/projects/create`. */
	path: string;
	query: URLSearchParams;
	headers: http.IncomingHttpHeaders;
	/** Parsed JSON or form body (raw text when it is neither). */
	body: unknown;
	rawBody: string;
	/** When the request arrived (its headers), before the simulator got to it; for rate limits. */
	receivedAt?: number;
}

export interface SimResponse {
	status: number;
	body?: unknown;
	headers?: Record<string, string>;
	/** Hold the answer this long (ms) before sending it: simulates slow services. */
	delayMs?: number;
	/** Send this text or these bytes as the body instead of `body` as JSON (files, broken answers). */
	rawBody?: string | Buffer;
	/**
	 * A fault a test injected on purpose (a truncated answer, an undocumented 502): not checked
	 * against the contract. Never set on an answer the service itself would give.
	 */
	fault?: boolean;
}

/** One simulated service. It claims the paths it serves and keeps its own in-memory state. */
export interface SimulatorModule {
	readonly name: string;
	handles(path: string): boolean;
	handle(request: SimRequest): SimResponse | Promise<SimResponse>;
	/** A JSON view of the state and counters, for tests, benchmarks and `GET /__sim/state`. */
	snapshot(): unknown;
	/** `POST /__sim/<name>/<action>`: makes something happen in the service (demos, e2e tests). */
	control?(action: string, body: unknown): SimResponse;
	/** `GET /__sim/<name>/<view>`: a detailed read of the state (counters too large for the snapshot). */
	read?(view: string): SimResponse;
	/**
	 * What the service's published documents allow (`test/contracts/`). With one, the server refuses
	 * a request the contract does not allow before the module sees it, and reports an endpoint with
	 * no entry and an answer the document does not have (`test/contracts/violations.ts`).
	 */
	readonly contract?: ServiceContract;
	/** The service's own answer to a request its contract does not allow (default: 400 `{message}`). */
	refuse?(problems: string[], request: SimRequest): SimResponse;
}

/**
 * Checks the request against the module's contract, lets the module answer, and gives the check of
 * the answer to run later (`checkLater`, run when no request is open): the check is this harness's
 * work, not the service's. Checked as each answer went out, ten answers of 300 leads due together
 * took 1 to 13 ms each, one after another, and the answers behind them left up to 50 ms late;
 * a real service answers them side by side.
 */
async function answerByContract(
	module: SimulatorModule,
	request: SimRequest,
): Promise<{ answer: SimResponse; checkAnswer?: () => string[] }> {
	const contract = module.contract;
	if (!contract) return { answer: await module.handle(request) };
	const check = checkRequest(contract, {
		method: request.method,
		path: request.path,
		query: request.query,
		contentType: request.headers['content-type'],
		body: request.rawBody === '' ? undefined : request.body,
	});
	const endpoint = check.endpoint;
	if (!endpoint) {
		// Reported (the test that sent it fails unless it takes the report), then answered as the
		// service would: its own "no such route".
		check.problems.forEach(reportViolation);
		return { answer: { ...(await module.handle(request)), fault: true } };
	}
	const answer =
		check.problems.length > 0
			? (module.refuse?.(check.problems, request) ??
				reply(400, { message: check.problems.join('; ') }))
			: await module.handle(request);
	if (answer.fault || answer.rawBody !== undefined) return { answer };
	return {
		answer,
		checkAnswer: () => checkAnswer(endpoint, answer.status, answer.body),
	};
}

export interface RunningSimulator {
	url: string;
	port: number;
	modules: SimulatorModule[];
	close(): Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function parseBody(raw: string, contentType: string | undefined): unknown {
	if (!raw) return undefined;
	if (contentType?.includes('application/x-www-form-urlencoded')) {
		return Object.fromEntries(new URLSearchParams(raw));
	}
	try {
		return JSON.parse(raw);
	} catch {
		return raw;
	}
}

export async function startSimulator(
	modules: SimulatorModule[],
	options: { port?: number; host?: string } = {},
): Promise<RunningSimulator> {
	/** Requests received and not yet answered; answers' checks wait until there are none. */
	let open = 0;
	const server = http.createServer((req, res) => {
		open++;
		res.once('close', () => {
			// A quiet moment: the checks held back run now, after the answers due with them.
			if (--open === 0) setImmediate(runPendingChecks);
		});
		// A real service counts a request when it arrives, not when it has worked through those before it.
		const receivedAt = Date.now();
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			void (async () => {
				const url = new URL(req.url ?? '/', 'http://127.0.0.1');
				const rawBody = Buffer.concat(chunks).toString('utf8');
				const request: SimRequest = {
					method: (req.method ?? 'GET').toUpperCase(),
					path: url.pathname,
					query: url.searchParams,
					headers: req.headers,
					body: parseBody(rawBody, req.headers['content-type']),
					rawBody,
					receivedAt,
				};
				let answer: SimResponse;
				let checkAnswerSent: (() => string[]) | undefined;
				if (request.path === '/__sim/state') {
					answer = {
						status: 200,
						body: Object.fromEntries(modules.map((m) => [m.name, m.snapshot()])),
					};
				} else if (request.method === 'POST' && request.path.startsWith('/__sim/')) {
					const [name, action = ''] = request.path.slice('/__sim/'.length).split('/');
					const target = modules.find((m) => m.name === name);
					answer = target?.control
						? target.control(action, request.body)
						: { status: 404, body: { message: `No control ${request.path}` } };
				} else if (request.method === 'GET' && request.path.startsWith('/__sim/')) {
					const [name, view = ''] = request.path.slice('/__sim/'.length).split('/');
					const target = modules.find((m) => m.name === name);
					answer = target?.read
						? target.read(view)
						: { status: 404, body: { message: `No view ${request.path}` } };
				} else {
					const module = modules.find((m) => m.handles(request.path));
					if (module) {
						({ answer, checkAnswer: checkAnswerSent } = await answerByContract(module, request));
					} else {
						answer = {
							status: 404,
							body: { message: `No simulated service serves ${request.path}` },
						};
					}
				}
				if (answer.delayMs) await wait(answer.delayMs);
				const payload =
					answer.rawBody ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
				res.writeHead(answer.status, {
					...(payload ? { 'content-type': 'application/json' } : {}),
					...answer.headers,
				});
				res.end(payload);
				if (checkAnswerSent) checkLater(checkAnswerSent);
			})().catch((error: Error) => {
				res.writeHead(500, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ message: `Simulator fault: ${error.message}` }));
			});
		});
	});
	server.keepAliveTimeout = 1000;
	await new Promise<void>((resolve) =>
		server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
	);
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		modules,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** A JSON answer. */
export const reply = (
	status: number,
	body?: unknown,
	headers?: Record<string, string>,
): SimResponse => ({
	status,
	body,
	headers,
});
