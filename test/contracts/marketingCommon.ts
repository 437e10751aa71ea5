/**
 * What every entry of the marketing service's contract shares: the answer envelope, the error
 * list and the builders of entries. The service answers almost every error as HTTP 200 with
 * `success: false` and `errors[{code, message}]` (error-codes.md), so an entry's `'200'` answer is
 * the envelope, with or without a result.
 */
import type { Endpoint, HttpMethod, Schema } from './types';

export const text: Schema = { type: 'string' };
export const int: Schema = { type: 'integer' };
export const flag: Schema = { type: 'boolean' };
export const nullableText: Schema = { type: ['string', 'null'] };
export const texts: Schema = { type: 'array', items: text };
/** A value sent as text in a form or query: its own type is the service's to read. */
export const scalar: Schema = { type: ['string', 'integer', 'number', 'boolean'] };

export const object = (properties: Record<string, Schema>, required: string[] = []): Schema => ({
	type: 'object',
	properties,
	...(required.length ? { required } : {}),
});

/** `errors[]` and `warnings[]` entries (error-codes.md: codes are strings). */
const errorEntry = object({ code: { type: ['string', 'integer'] }, message: text }, ['code']);

/** The envelope of every REST answer (rest-api.md "Response"), with `result` as given. */
export function envelope(record?: Schema, extra: Record<string, Schema> = {}): Schema {
	return object(
		{
			requestId: text,
			success: flag,
			errors: { type: 'array', items: errorEntry },
			warnings: { type: 'array', items: { type: ['string', 'object'] } },
			...(record ? { result: { type: 'array', items: record } } : {}),
			...extra,
		},
		['success'],
	);
}
export const paged = { moreResult: flag, nextPageToken: text };

/**
 * Answers with a status other than 200 that the documents name: 413 (body over 1 MB / 10 MB),
 * 414 (URI over 8 KB) and the gateway's 5xx. Their bodies come from the web tier, not the API,
 * so no shape is pinned.
 */
export const httpErrors: Record<string, Schema> = {
	'413': {},
	'414': {},
	'5xx': { assumed: 'The web tier’s body (error-codes.md "HTTP-Level Errors"): no shape pinned.' },
};

/** A lead database record: the instance's own fields by REST name (any of them), plus `seq`. */
export const recordOfFields: Schema = {
	type: 'object',
	additionalProperties: { type: ['string', 'number', 'boolean', 'null', 'object', 'array'] },
	assumed: 'The fields are the instance’s own (describe lists them): any name.',
};

/** One outcome of a sync or delete (`result[]`: seq, status, id, reasons). */
export const syncOutcome = object({
	seq: int,
	id: { type: ['integer', 'string'] },
	marketoGUID: text,
	leadId: int,
	status: text,
	reasons: { type: 'array', items: errorEntry },
});

/** A describe of a lead database object (companies, opportunities, custom objects...). */
export const objectDescribe = object({
	name: text,
	displayName: text,
	description: text,
	pluralName: text,
	createdAt: text,
	updatedAt: text,
	idField: text,
	dedupeFields: texts,
	searchableFields: { type: 'array', items: texts },
	relationships: {
		type: 'array',
		items: object({
			field: text,
			type: text,
			relatedTo: object({ name: text, field: text }),
		}),
	},
	fields: {
		type: 'array',
		items: object({
			name: text,
			displayName: text,
			description: text,
			dataType: text,
			length: int,
			updateable: flag,
			crmManaged: flag,
		}),
	},
});

/** The request parts of an entry. */
export interface Shape {
	query?: Record<string, Schema>;
	requiredQuery?: string[];
	body?: Schema;
	contentType?: string[];
	params?: Record<string, Schema>;
}

export const JSON_BODY = ['application/json'];
export const FORM_BODY = ['application/x-www-form-urlencoded'];

/** One entry: `answer` is the 200 envelope; documented HTTP errors are added. */
export function entry(
	method: HttpMethod,
	path: string,
	operation: string,
	source: string,
	shape: Shape,
	answer: Schema,
	assumed?: string[],
): Endpoint {
	const request: NonNullable<Endpoint['request']> = {
		...(shape.query
			? {
					query: {
						type: 'object',
						properties: shape.query,
						...(shape.requiredQuery ? { required: shape.requiredQuery } : {}),
					},
				}
			: {}),
		...(shape.body ? { body: shape.body, contentType: shape.contentType ?? JSON_BODY } : {}),
		...(shape.params ? { params: shape.params } : {}),
	};
	return {
		method,
		path,
		operation,
		source,
		request,
		answers: { '200': answer, ...httpErrors },
		...(assumed ? { assumed } : {}),
	};
}
