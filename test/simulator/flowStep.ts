/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a local test server, never shipped */
/**
 * The marketing service's side of a self-service flow step (`test/contracts/flowStep.ts`):
 * it installs a provider from the URL of its install document (reads the document, the service
 * definition and the status, as the service's admin page does), invokes it as a Smart Campaign
 * does (`POST /submitAsyncAction` with a batch of leads, a one-time callback token and a callback
 * key; a 429 is retried), and receives the provider's callbacks at `/flowstep/callback/<run>`,
 * strict as the interface: the key and the token must be the invocation's, the token works once,
 * and the body must be a `flowCallBack`.
 */
import { randomBytes, randomUUID } from 'node:crypto';

import { validate } from '../contracts/check';
import { flowStepContract, invocation as invocationSchema } from '../contracts/flowStep';
import { reply, type SimRequest, type SimResponse, type SimulatorModule } from './server';

/** How the service authenticates to the provider (the install document's first scheme). */
export type ProviderAuth = { apiKey: string } | { user: string; password: string } | undefined;

export interface Lead {
	id: number;
	[field: string]: unknown;
}

export interface InvokeOptions {
	leads: Lead[];
	/** The flow step's inputs, sent with every lead (`flowStepContext`). */
	flowInputs?: Record<string, unknown>;
	auth?: ProviderAuth;
	/** Send this token again (a duplicate delivery of an earlier invocation). */
	replayOf?: string;
	/** How often a 429 is retried, and the wait before each retry (ms). */
	retries?: number;
	retryDelayMs?: number;
}

export interface Invocation {
	run: string;
	token: string;
	key: string;
	campaignId: number;
	leadIds: number[];
	/** Every status the provider answered, in order (429s, then the final one). */
	statuses: number[];
	/** Callbacks accepted for this run (at most one: the token works once), with their headers. */
	callbacks: Array<{ body: unknown; headers: Record<string, unknown> }>;
}

export const FLOW_STEP_MUNCHKIN = '123-ABC-456';

/** Leads of the demo invocation: three the global enrichment seed knows, one it does not. */
export const DEMO_FLOW_STEP_LEADS: Lead[] = [
	{ id: 5001, email: 'ana.silva@northwind.example.com' },
	{ id: 5002, email: 'jonas.becker@contoso.example.de' },
	{ id: 5003, email: 'mia@fabrikam.example.com.au' },
	{ id: 5004, email: 'nobody@unknown.example.org' },
];

function authHeaders(auth: ProviderAuth): Record<string, string> {
	if (!auth) return {};
	if ('apiKey' in auth) return { 'x-api-key': auth.apiKey };
	return {
		authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`,
	};
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class FlowStepService implements SimulatorModule {
	readonly name = 'flowStep';
	readonly contract = flowStepContract;
	/** The simulator's own address, for the callback URLs it hands out (set once it listens). */
	baseUrl = '';
	readonly invocations = new Map<string, Invocation>();
	/** Callbacks refused, with why (wrong key, used token, bad body). */
	readonly refused: Array<{ run: string; status: number; why: string }> = [];
	/** What the last install read: the document, the definition, the status. */
	installed?: { document: Record<string, unknown>; definition: unknown; status: unknown };

	handles(path: string): boolean {
		return path.startsWith('/flowstep/');
	}

	refuse(problems: string[], request: SimRequest): SimResponse {
		this.refused.push({ run: request.path, status: 405, why: problems.join('; ') });
		return reply(405);
	}

	handle(request: SimRequest): SimResponse {
		const run = /^\/flowstep\/callback\/([^/]+)$/.exec(request.path)?.[1] ?? '';
		const invocation = this.invocations.get(run);
		const key = request.headers['x-api-key'];
		const token = request.headers['x-callback-token'];
		const why = !invocation
			? 'no such run'
			: key !== invocation.key
				? 'wrong x-api-key'
				: token !== invocation.token
					? 'wrong x-callback-token'
					: invocation.callbacks.length > 0
						? 'the token was used already'
						: undefined;
		if (why || !invocation) {
			this.refused.push({ run, status: 404, why: why ?? 'no such run' });
			return reply(404);
		}
		invocation.callbacks.push({ body: request.body, headers: { ...request.headers } });
		return reply(200);
	}

	/** Reads the provider as the admin page does: document, service definition, status. */
	async install(documentUrl: string, auth: ProviderAuth): Promise<NonNullable<this['installed']>> {
		const read = async (url: string) => {
			const answer = await fetch(url, { headers: authHeaders(auth) });
			if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
			return (await answer.json()) as Record<string, unknown>;
		};
		const base = documentUrl.slice(0, documentUrl.lastIndexOf('/'));
		const document = await read(documentUrl);
		const installed = {
			document,
			definition: await read(`${base}/getServiceDefinition`),
			status: await read(`${base}/status`),
		};
		this.installed = installed;
		return installed;
	}

	/** A new invocation (its run, one-time token and callback key), not yet sent. */
	open(leadIds: number[]): Invocation {
		const invocation: Invocation = {
			run: randomUUID(),
			token: randomBytes(24).toString('base64url'),
			key: randomBytes(16).toString('hex'),
			campaignId: 1042,
			leadIds,
			statuses: [],
			callbacks: [],
		};
		this.invocations.set(invocation.run, invocation);
		return invocation;
	}

	/** Where the provider sends an invocation's results, as the trigger hands it to the workflow. */
	callbackOf(invocation: Invocation) {
		return {
			url: `${this.baseUrl}/flowstep/callback/${invocation.run}`,
			apiKey: invocation.key,
			token: invocation.token,
			munchkinId: FLOW_STEP_MUNCHKIN,
		};
	}

	/** One flow-step invocation of `base` (the provider's base URL) for a batch of leads. */
	async invoke(base: string, options: InvokeOptions): Promise<Invocation> {
		const earlier = options.replayOf
			? [...this.invocations.values()].find((i) => i.token === options.replayOf)
			: undefined;
		const invocation = earlier ?? this.open(options.leads.map((lead) => lead.id));
		const body = {
			token: invocation.token,
			apiCallBackKey: invocation.key,
			batchid: `batch-${invocation.run.slice(0, 8)}`,
			campaignId: invocation.campaignId,
			callbackUrl: this.callbackOf(invocation).url,
			context: {
				subscription: { munchkinId: FLOW_STEP_MUNCHKIN, prefix: 'demo' },
				campaign: { id: invocation.campaignId, name: 'Enrich new leads', type: 'trigger' },
				program: { id: 2001, name: 'Webinar 2026', channelName: 'Webinar' },
			},
			objectData: options.leads.map((lead) => ({
				objectType: 'lead',
				objectContext: lead,
				flowStepContext: options.flowInputs ?? {},
				programMemberContext: { status: 'Registered', reachedSuccess: false },
				triggeringContext: { name: 'Webinar form', triggerName: 'Filled Out Form' },
			})),
		};
		// The stand-in sends only what the interface documents.
		const problems = validate(invocationSchema, body, 'body');
		if (problems.length > 0) throw new Error(`The invocation breaks the contract: ${problems[0]}`);
		const retries = options.retries ?? 5;
		for (let attempt = 0; ; attempt++) {
			const answer = await fetch(`${base}/submitAsyncAction`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...authHeaders(options.auth) },
				body: JSON.stringify(body),
			});
			await answer.arrayBuffer();
			invocation.statuses.push(answer.status);
			// The interface: 429 means "retry with an appropriate strategy".
			if (answer.status !== 429 || attempt >= retries) break;
			await pause((options.retryDelayMs ?? 200) * (attempt + 1));
		}
		return invocation;
	}

	/**
	 * `POST /__sim/flowStep/invoke` `{url, apiKey}`: invokes the provider at `url` (its base, or its
	 * install document's URL) with the demo leads, in the background (the dev setup's demo).
	 */
	control(action: string, body: unknown): SimResponse {
		const { url, apiKey } = (body ?? {}) as { url?: string; apiKey?: string };
		if (action !== 'invoke' || typeof url !== 'string') {
			return reply(400, { message: 'Expected POST /__sim/flowStep/invoke {url, apiKey}' });
		}
		const base = url.replace(/\/(openapi\.json|submitAsyncAction)?$/, '');
		const leads = DEMO_FLOW_STEP_LEADS.map((lead) => ({ ...lead }));
		const started = this.invoke(base, { leads, auth: apiKey ? { apiKey } : undefined });
		started.catch((error: Error) => this.refused.push({ run: '', status: 0, why: error.message }));
		return reply(202, { invoking: base, leads: leads.length });
	}

	snapshot(): unknown {
		return {
			invocations: [...this.invocations.values()].map((i) => ({
				run: i.run,
				leads: i.leadIds.length,
				statuses: i.statuses,
				callbacks: i.callbacks.length,
			})),
			refused: this.refused,
		};
	}
}
