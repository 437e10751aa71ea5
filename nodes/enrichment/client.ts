import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { creditsOf, exhaustedWindow, header, isNoMatch } from './answers';
import { apiOf } from './credentialChoice';
import { answerError } from './errors';
import { sendWithRetries } from './adapter';
import { secondWindowFor, type AnswerKind } from './secondWindow';
import {
	DEFAULT_MAX_RATE_WAIT_SECONDS,
	TIMEOUT_MS,
	type EnrichmentApi,
	type EnrichmentContext,
	type LookupChunk,
	type LookupOutcome,
	type RateWindow,
	type ServiceAddress,
	type ServiceAnswer,
	type ServiceCall,
	type ServiceInfo,
} from './types';

import { credentialReader } from '../shared/credentials';
import { sendWithinOrigin } from '../shared/pipeline';

/** One enrichment node's service: its credential, its address, and how its key is sent. */
export interface EnrichmentService {
	/** For messages: "enrichment service", "sales-intelligence service". */
	name: string;
	credentialType: string;
	baseUrl(credentials: ICredentialDataDecryptedObject): string;
	/**
	 * The key's header. The credential has no `authenticate` (so n8n adds no "Custom API Call"):
	 * the header is added here, on every call.
	 */
	authHeaders(credentials: ICredentialDataDecryptedObject): Record<string, string>;
	/** The most calls sent within any one second (the service's documented limit, or less). */
	callsPerSecond(credentials: ICredentialDataDecryptedObject): number;
	/** Seconds until a rate window resets, asked of the service (free, rate-limited itself). */
	windowReset?(
		ctx: EnrichmentContext,
		window: RateWindow,
		send: (call: ServiceCall) => Promise<ServiceAnswer>,
	): Promise<number | undefined>;
}

/** A number from a credential setting; the default for credentials saved before it existed. */
export function settingOf(
	credentials: ICredentialDataDecryptedObject,
	name: string,
	fallback: number,
): number {
	const value = Number(credentials[name]);
	return credentials[name] === undefined || credentials[name] === '' || !(value > 0)
		? fallback
		: value;
}

/** What a node's transport offers its operations. */
export interface EnrichmentClient {
	/** The credential's chosen API, read once per execution. */
	api(ctx: EnrichmentContext): Promise<EnrichmentApi>;
	/** The base URL of the credential's chosen API, read once per execution. */
	baseUrl(ctx: EnrichmentContext): Promise<string>;
	/** The credential as read once per execution (for pace settings). */
	credentials(ctx: EnrichmentContext): Promise<ICredentialDataDecryptedObject>;
	/**
	 * Waits while the last rate headers of this execution leave no request for another call
	 * (`x-second-` / `x-minute-requests-left` at or below the calls in flight); a pool's `beforeStart`.
	 */
	rateGate(ctx: EnrichmentContext, inFlight: () => number): Promise<void>;
	/** One classified call; error statuses other than those classified come back as answers. */
	apiRequest(ctx: EnrichmentContext, call: ServiceCall): Promise<ServiceAnswer>;
	/** Like `apiRequest`, but an error status becomes the node's NodeApiError. */
	apiRequestOk(ctx: EnrichmentContext, call: ServiceCall): Promise<ServiceAnswer>;
	/**
	 * One single-record lookup: a 404 or 200 carrying `NOT_FOUND` is a no match; another error
	 * status throws; a 200 goes to `outcomeOf`.
	 */
	lookupOne(
		ctx: IExecuteFunctions,
		call: ServiceCall,
		chunk: LookupChunk,
		outcomeOf: (body: IDataObject | undefined, creditsCharged: number | undefined) => LookupOutcome,
	): Promise<Map<string, LookupOutcome>>;
}

/**
 * The request sent for one call under `base` (the credential's chosen API):
 * every status comes back as an answer, which `sendWithRetries` classifies. Refuses an empty base
 * (the connection contract without a Base URL) before any call.
 */
function serviceRequest(
	ctx: EnrichmentContext,
	base: string,
	call: ServiceCall,
): IHttpRequestOptions {
	if (!base) {
		throw new NodeOperationError(
			ctx.getNode(),
			'The credential uses the connection contract but its Base URL is empty; enter the gateway address or choose the Service API',
			{
				itemIndex: call.itemIndex,
				description: 'Open the credential and fill in Base URL. No request was sent.',
			},
		);
	}
	return {
		method: call.method,
		url: `${base}${call.path}`,
		qs: call.qs,
		// A repeated query key (from API Call) keeps every value.
		arrayFormat: 'repeat',
		body: call.body,
		json: true,
		headers: { Accept: 'application/json' },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: TIMEOUT_MS,
	};
}

/** The fewest requests left in the service's second or minute window, when its headers say. */
function shortestWindowLeft(answer: ServiceAnswer): number | undefined {
	const left = ['second', 'minute']
		.map((window) => Number(header(answer, `x-${window}-requests-left`)))
		.filter((value) => Number.isFinite(value));
	return left.length ? Math.min(...left) : undefined;
}

/** The credential field that holds the address of its chosen API, as the credential shows it. */
const addressFieldOf = (credentials: ICredentialDataDecryptedObject) =>
	apiOf(credentials) === 'contract' ? 'Base URL (Connection Contract)' : 'Service URL';

/** How an answer reads for the per-second window: a 429 on a longer window is no refusal of pace. */
function answerKind(answer: ServiceAnswer | undefined): AnswerKind {
	if (!answer) return 'failed';
	if (answer.statusCode !== 429) return 'answered';
	const window = exhaustedWindow(answer);
	return window === undefined || window === 'second' ? 'refused' : 'failed';
}

/** The parts of n8n's full response that make an answer. */
function answerOf(response: ServiceAnswer): ServiceAnswer {
	return { statusCode: response.statusCode, body: response.body, headers: response.headers ?? {} };
}

export function enrichmentClient(service: EnrichmentService): EnrichmentClient {
	const readCredentials = credentialReader(service.credentialType);
	/** Requests left in the shortest window the service reported, per execution. */
	const requestsLeft = new WeakMap<object, number>();
	/**
	 * Waits until the key's per-second window (shared by every execution of this process that uses
	 * the key) lets a call go; the release reads the answer (a per-second 429 slows the key down).
	 */
	const pace = async (ctx: EnrichmentContext) => {
		const credentials = await readCredentials(ctx);
		const window = secondWindowFor(
			service.baseUrl(credentials),
			service.authHeaders(credentials),
			service.callsPerSecond(credentials),
		);
		const slot = await window.take();
		return (answer?: ServiceAnswer) => window.answered(slot, answerKind(answer));
	};
	/** One call through the pipeline's sender: the credential read once per execution. */
	const sendOnce = async (ctx: EnrichmentContext, call: ServiceCall): Promise<ServiceAnswer> => {
		const credentials = await readCredentials(ctx);
		const base = service.baseUrl(credentials);
		const options = serviceRequest(ctx, base, call);
		options.headers = { ...options.headers, ...service.authHeaders(credentials) };
		const response = (await sendWithinOrigin(
			ctx,
			{
				credentialType: service.credentialType,
				baseUrl: base,
				addressFields: addressFieldOf(credentials),
				itemIndex: call.itemIndex,
			},
			options,
		)) as ServiceAnswer;
		const answer = answerOf(response);
		const left = shortestWindowLeft(answer);
		if (left !== undefined) requestsLeft.set(ctx, left);
		else requestsLeft.delete(ctx);
		return answer;
	};
	/** The same, paced by the execution's per-second window (usage reads beside a retry). */
	const send = async (ctx: EnrichmentContext, call: ServiceCall): Promise<ServiceAnswer> => {
		const release = await pace(ctx);
		let answer: ServiceAnswer | undefined;
		try {
			answer = await sendOnce(ctx, call);
			return answer;
		} finally {
			release(answer);
		}
	};
	const address = async (ctx: EnrichmentContext): Promise<ServiceAddress> => {
		const credentials = await readCredentials(ctx);
		return { field: addressFieldOf(credentials), url: service.baseUrl(credentials) };
	};
	const info: ServiceInfo = {
		name: service.name,
		send: sendOnce,
		pace,
		address,
		maxRateWaitMs: async (ctx) =>
			settingOf(await readCredentials(ctx), 'maxRateWaitSeconds', DEFAULT_MAX_RATE_WAIT_SECONDS) *
			1000,
		windowReset: service.windowReset
			? async (ctx, window) =>
					await service.windowReset!(ctx, window, async (call) => await send(ctx, call))
			: undefined,
	};
	const apiRequest = async (ctx: EnrichmentContext, call: ServiceCall) =>
		await sendWithRetries(ctx, info, call);
	const apiRequestOk = async (ctx: EnrichmentContext, call: ServiceCall) => {
		const answer = await apiRequest(ctx, call);
		if (answer.statusCode >= 400) throw answerError(ctx.getNode(), answer, service.name, call);
		return answer;
	};
	return {
		api: async (ctx) => apiOf(await readCredentials(ctx)),
		baseUrl: async (ctx) => service.baseUrl(await readCredentials(ctx)),
		credentials: readCredentials,
		async rateGate(ctx, inFlight) {
			const key = ctx;
			// Bounded: each pass waits for a call in flight to end, and calls end (time limit).
			for (let pass = 0; pass < 10_000; pass++) {
				const left = requestsLeft.get(key);
				if (left === undefined || inFlight() === 0 || left > inFlight()) return;
				await sleep(20);
			}
		},
		apiRequest,
		apiRequestOk,
		async lookupOne(ctx, call, chunk, outcomeOf) {
			const [lookup] = chunk.lookups;
			const answer = await apiRequest(ctx, call);
			const creditsCharged = creditsOf(answer);
			const body =
				answer.body && typeof answer.body === 'object' ? (answer.body as IDataObject) : undefined;
			if (isNoMatch(answer)) {
				return new Map([[lookup.key, { status: 'noMatch', creditsCharged } as LookupOutcome]]);
			}
			if (answer.statusCode >= 400) throw answerError(ctx.getNode(), answer, service.name, call);
			return new Map([[lookup.key, outcomeOf(body, creditsCharged)]]);
		},
	};
}
