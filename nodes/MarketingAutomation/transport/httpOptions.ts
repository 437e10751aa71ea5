import type { IHttpRequestOptions } from 'n8n-workflow';

import { multipartBody } from './multipart';
import { timing } from './timing';
import type { ApiRequest, QueryValue } from './types';

/** The query string, with array values as repeated keys (a form the service documents). */
function queryString(qs: ApiRequest['qs']): string {
	const query = new URLSearchParams();
	for (const [key, value] of Object.entries(qs ?? {})) {
		if (value === undefined || value === null) continue;
		if (Array.isArray(value)) for (const v of value) query.append(key, String(v));
		else query.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
	}
	return query.toString();
}

/** The HTTP request of one call: URL with its query, JSON, form or multipart body, file answers. */
export function buildOptions(base: string, request: ApiRequest): IHttpRequestOptions {
	const query = queryString(request.qs);
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${base}${request.path}${query ? `?${query}` : ''}`,
		json: true,
		timeout: timing.timeoutMs,
		headers: { Accept: 'application/json', ...request.headers },
	};
	if (request.file) {
		// The bytes as they are, with status and headers; JSON error envelopes are read from them.
		Object.assign(options, { json: false, encoding: 'arraybuffer', returnFullResponse: true });
	}
	if (request.multipart) {
		const { body, contentType } = multipartBody(request.multipart);
		options.headers = { ...options.headers, 'Content-Type': contentType };
		options.body = body;
		options.json = false;
	} else if (request.form) {
		options.headers = { ...options.headers, 'Content-Type': 'application/x-www-form-urlencoded' };
		options.body = queryString(request.body as Record<string, QueryValue>);
	} else if (request.body !== undefined) {
		options.headers = { ...options.headers, 'Content-Type': 'application/json' };
		options.body = request.body;
	}
	return options;
}
