/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, never shipped */
/* A scriptable HTTP proxy for the fault-injection suite: it sits on 127.0.0.1 between the node
   (in n8n-core's engine) and the simulator, and breaks chosen requests in a chosen way. Never
   shipped. Every fault is decided by explicit events (the request arrived, the simulator answered,
   the client closed its connection), never by sleeps, so the suite is deterministic under load. */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What the proxy does with a request a rule matches.
 * - `reset-before`: drops the connection without forwarding (the service never saw the call).
 * - `reset-after`: forwards, waits for the service's whole answer, then drops the connection.
 * - `502-before` / `502-after`: a gateway's 502 page, without forwarding / after the service ran it.
 * - `truncate`: forwards, then sends the service's status with the first half of its body.
 * - `cut-off`: forwards, then sends the service's status and full length, half the body, and
 *   drops the connection mid-body (the client sees "stream has been aborted").
 * - `corrupt`: forwards, then sends 200 with a body that is not JSON.
 * - `timeout`: forwards, then holds the answer until the client gives up (its timeout fires).
 * - `inject`: answers with `answer` (a service's own error) without forwarding.
 */
export type FaultKind =
	| 'reset-before'
	| 'reset-after'
	| '502-before'
	| '502-after'
	| 'truncate'
	| 'cut-off'
	| 'corrupt'
	| 'timeout'
	| 'inject';

export interface InjectedAnswer {
	status: number;
	body?: unknown;
	headers?: Record<string, string>;
}

export interface FaultRule {
	fault: FaultKind;
	/** Exact method (any when omitted). */
	method?: string;
	/** Exact path without the query (string), or a pattern; any when omitted. */
	path?: string | RegExp;
	/** Further condition on the request (e.g. which item's call it is, by query or body). */
	where?: (request: { method: string; url: string; body: string }) => boolean;
	/** How many matching requests the rule breaks (1 when omitted). */
	times?: number;
	/** With `inject`: the answer sent instead of the service's. */
	answer?: InjectedAnswer;
}

export interface ProxiedRequest {
	method: string;
	/** Path with the query string, as the client sent it. */
	url: string;
	path: string;
	headers: http.IncomingHttpHeaders;
	body: string;
	/** The fault applied, if any. */
	fault?: FaultKind;
	/** Whether the simulator received (and so executed) the call. */
	forwarded: boolean;
}

export interface FaultProxy {
	url: string;
	port: number;
	/** Every request the proxy received, in order. */
	readonly requests: ProxiedRequest[];
	/** Adds a rule; rules are tried in the order they were added. */
	inject(rule: FaultRule): void;
	/** Forgets rules and recorded requests. */
	reset(): void;
	/** Rules not used up yet (a test can assert its fault was applied). */
	pending(): FaultRule[];
	close(): Promise<void>;
}

interface ActiveRule extends FaultRule {
	left: number;
}

const GATEWAY_PAGE =
	'<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>';

function matches(rule: FaultRule, method: string, url: string, body: string): boolean {
	if (rule.method && rule.method.toUpperCase() !== method) return false;
	const path = new URL(url, 'http://proxy').pathname;
	if (rule.path !== undefined) {
		if (typeof rule.path === 'string' ? rule.path !== path : !rule.path.test(path)) return false;
	}
	return rule.where ? rule.where({ method, url, body }) : true;
}

interface UpstreamAnswer {
	status: number;
	headers: http.IncomingHttpHeaders;
	body: Buffer;
}

function forward(
	target: URL,
	request: http.IncomingMessage,
	body: Buffer,
): Promise<UpstreamAnswer> {
	return new Promise((resolve, reject) => {
		const headers = { ...request.headers, host: target.host };
		const upstream = http.request(
			{
				host: target.hostname,
				port: target.port,
				method: request.method,
				path: request.url,
				headers,
				agent: false,
			},
			(response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () =>
					resolve({
						status: response.statusCode ?? 502,
						headers: response.headers,
						body: Buffer.concat(chunks),
					}),
				);
				response.on('error', reject);
			},
		);
		upstream.on('error', reject);
		upstream.end(body);
	});
}

/** Headers of the service's answer that still hold once the proxy changes the body. */
function passHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
	const out: http.OutgoingHttpHeaders = {};
	for (const [name, value] of Object.entries(headers)) {
		if (['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name))
			continue;
		if (value !== undefined) out[name] = value;
	}
	return out;
}

function send(
	res: http.ServerResponse,
	status: number,
	headers: http.OutgoingHttpHeaders,
	body: Buffer | string,
) {
	const payload = typeof body === 'string' ? Buffer.from(body) : body;
	res.writeHead(status, { ...headers, 'content-length': payload.length, connection: 'close' });
	res.end(payload);
}

/** Starts a proxy in front of `targetUrl` (the simulator's base URL). */
export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
	const target = new URL(targetUrl);
	const rules: ActiveRule[] = [];
	const requests: ProxiedRequest[] = [];
	const sockets = new Set<Socket>();

	const takeRule = (method: string, url: string, body: string): ActiveRule | undefined => {
		const rule = rules.find((r) => r.left > 0 && matches(r, method, url, body));
		if (rule) rule.left--;
		return rule;
	};

	const handle = async (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => {
		const method = (req.method ?? 'GET').toUpperCase();
		const url = req.url ?? '/';
		const path = new URL(url, 'http://proxy').pathname;
		const rule = takeRule(method, url, body.toString('utf8'));
		const record: ProxiedRequest = {
			method,
			url,
			path,
			headers: req.headers,
			body: body.toString('utf8'),
			fault: rule?.fault,
			forwarded: false,
		};
		requests.push(record);
		const drop = () => req.socket.destroy();

		switch (rule?.fault) {
			case 'reset-before':
				return drop();
			case '502-before':
				return send(res, 502, { 'content-type': 'text/html' }, GATEWAY_PAGE);
			case 'inject': {
				const answer = rule.answer ?? { status: 500 };
				const payload = answer.body === undefined ? '' : JSON.stringify(answer.body);
				return send(
					res,
					answer.status,
					{ ...(payload ? { 'content-type': 'application/json' } : {}), ...answer.headers },
					payload,
				);
			}
			default:
				break;
		}

		const answer = await forward(target, req, body);
		record.forwarded = true;
		switch (rule?.fault) {
			case 'reset-after':
				return drop();
			case '502-after':
				return send(res, 502, { 'content-type': 'text/html' }, GATEWAY_PAGE);
			case 'truncate':
				return send(
					res,
					answer.status,
					passHeaders(answer.headers),
					answer.body.subarray(0, Math.floor(answer.body.length / 2)),
				);
			case 'cut-off': {
				res.writeHead(answer.status, {
					...passHeaders(answer.headers),
					'content-length': answer.body.length,
				});
				// Dropped once the half body is on the wire: the answer breaks off mid-body.
				res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)), () => drop());
				return;
			}
			case 'corrupt':
				return send(
					res,
					200,
					{ ...passHeaders(answer.headers), 'content-type': 'application/json' },
					// A JSON-hijacking guard prefix in front of the body, its first byte lost.
					Buffer.concat([Buffer.from(")]}',\n"), answer.body.subarray(1)]),
				);
			case 'timeout':
				// Held: the client's own timeout ends the exchange (it closes the connection).
				return await new Promise<void>((resolve) => req.socket.once('close', () => resolve()));
			default:
				return send(res, answer.status, passHeaders(answer.headers), answer.body);
		}
	};

	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			handle(req, res, Buffer.concat(chunks)).catch((error: Error) => {
				if (!res.headersSent) send(res, 599, {}, `Proxy fault: ${error.message}`);
			});
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;

	return {
		url: `http://127.0.0.1:${port}`,
		port,
		requests,
		inject(rule) {
			rules.push({ ...rule, left: rule.times ?? 1 });
		},
		reset() {
			rules.length = 0;
			requests.length = 0;
		},
		pending: () => rules.filter((r) => r.left > 0),
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
