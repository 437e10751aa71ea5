import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import type { BackoffPolicy } from '../shared/backoff';

/**
 * A node run, an editor request (a picker), or a webhook trigger's activation and deliveries: all
 * call the service the same way.
 */
export type EnrichmentContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions;

/** Which API a credential speaks: the service's own API, or the specification's connection contract. */
export type EnrichmentApi = 'service' | 'contract';

/** One call to an enrichment service: the only request type of both enrichment nodes. */
export interface ServiceCall {
	method: IHttpRequestMethods;
	/** Path below the credential's base URL, with one leading slash. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	/** The item the call is made for (the first asking item of a deduplicated or bulk call). */
	itemIndex: number;
	/**
	 * Whether the call may be repeated after an ambiguous failure (see `nodes/shared/failure.ts`).
	 * Credit-spending lookups are not: the service may have charged them.
	 */
	safeToRepeat: boolean;
}

/** The service's answer: every HTTP status arrives here, the transport does not throw on them. */
export interface ServiceAnswer {
	statusCode: number;
	body: unknown;
	headers: Record<string, string | string[] | undefined>;
}

/** The credential field that holds the address a call went to, and that address. */
export interface ServiceAddress {
	/** "Service URL" or "Base URL (Connection Contract)": the field as the credential shows it. */
	field: string;
	url: string;
}

/** The service's rate windows, shortest first, as its `x-<window>-requests-left` headers name them. */
export type RateWindow = 'second' | 'minute' | 'hourly' | 'daily';

/** The default longest wait for a rate window: a minute window always, an hour's only near its end. */
export const DEFAULT_MAX_RATE_WAIT_SECONDS = 300;

/** What a node's transport tells the shared classification about its service. */
export interface ServiceInfo {
	/** For messages: "enrichment service", "sales-intelligence service". */
	name: string;
	/** Sends one call as is (the enrichment client: the pipeline's `sendWithinOrigin`). */
	send(ctx: EnrichmentContext, call: ServiceCall): Promise<ServiceAnswer>;
	/** Waits until the service's per-second window lets one more call go; returns its release. */
	pace?(ctx: EnrichmentContext): Promise<(answer?: ServiceAnswer) => void>;
	/** The address the calls go to, named by its credential field (for messages). */
	address?(ctx: EnrichmentContext): Promise<ServiceAddress>;
	/** The longest wait (ms) for a used-up rate window before the node stops instead. */
	maxRateWaitMs?(ctx: EnrichmentContext): Promise<number>;
	/** Seconds until `window` resets, when the service can tell (the global service's V3 usage). */
	windowReset?(ctx: EnrichmentContext, window: RateWindow): Promise<number | undefined>;
}

/**
 * 429 and "not executed" answers are retried with exponential backoff and jitter, from 1 s up to
 * 60 s (the global service documents no Retry-After and advises exactly this).
 */
export const RETRY_POLICY: BackoffPolicy = { retries: 5, baseDelayMs: 1000, maxDelayMs: 60_000 };

export const TIMEOUT_MS = 60_000;

/** One lookup, as built from one item. */
export interface Lookup {
	/** Normalised identity: lookups with equal keys are sent once. */
	key: string;
	/** What is sent on the connection contract: a single call's body, or one record of a bulk call. */
	request: IDataObject;
	/** What is sent on the service's own API (query or record), when it differs. */
	service?: IDataObject;
	/** The identifiers as the user gave them (echoed on a no match). */
	input: IDataObject;
}

export type LookupOutcome =
	| {
			status: 'found';
			record: IDataObject;
			creditsCharged?: number;
			/** The whole call's bill, when the service does not say what each record cost. */
			callBilling?: IDataObject;
	  }
	| { status: 'noMatch'; creditsCharged?: number }
	| { status: 'error'; code: string; message: string };

/** A chunk of unique lookups to send; `itemIndexes[n]` is the first item that asked for `lookups[n]`. */
export interface LookupChunk {
	lookups: Lookup[];
	itemIndexes: number[];
}
