import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import type { RepeatSafety } from '../../shared/failure';
import type { MultipartFile } from './multipart';

export const CREDENTIAL_TYPE = 'marketingAutomationApi';

export type MarketingContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/** The service's answer envelope (Lead Database and Asset APIs share the top-level keys). */
export interface Envelope {
	requestId?: string;
	success?: boolean;
	result?: IDataObject[];
	errors?: Array<{ code?: string | number; message?: string }>;
	warnings?: unknown[];
	nextPageToken?: string;
	moreResult?: boolean;
	[key: string]: unknown;
}

/** A query value; an array is sent as the key repeated (`id=7&id=8`). */
export type QueryValue = string | number | boolean | undefined | null | Array<string | number>;

/**
 * What a service error code means for a call, and how to fix it: fixed words; a message made from
 * the service's own words (e.g. what blocks a clone); or both made from them where one code has
 * several causes (e.g. 709 on a campaign).
 */
export type Refusal =
	| { message: string | ((serviceMessage: string) => string); fix: string }
	| ((serviceMessage: string) => { message: string; fix: string });

/** One call to the instance. `safeToRepeat` follows the failure model (`nodes/shared/failure.ts`). */
export interface ApiRequest extends RepeatSafety {
	method: IHttpRequestMethods;
	/** Path from the instance root, e.g. `/rest/v1/leads.json` (the paths of the service's docs). */
	path: string;
	qs?: Record<string, QueryValue> | IDataObject;
	/** JSON body (Lead Database), or form fields when `form` is set (Asset API, `_method=GET`). */
	body?: IDataObject;
	form?: boolean;
	itemIndex?: number;
	/** What a service error code means for this call, by code (see `Refusal`). */
	refusals?: Record<string, Refusal>;
	/** Send the body as `multipart/form-data` with this file (bulk imports). */
	multipart?: MultipartFile;
	/** For a call that is not safe to repeat: what to say when it may have run (names the file). */
	ambiguity?: { message: string; fix: string };
	/** Read the answer as a file (bulk failures, warnings, exports): see `apiFileRequest`. */
	file?: boolean;
	/** Extra request headers (e.g. `Range`). */
	headers?: Record<string, string>;
}

/** A file answer: HTTP status, headers (lower-case names) and the bytes. */
export interface FileAnswer {
	status: number;
	headers: Record<string, string>;
	body: Buffer;
}
