import type { IDataObject, IExecuteFunctions, IHttpRequestMethods } from 'n8n-workflow';
import { jsonParse, NodeOperationError } from 'n8n-workflow';

import { apiCallProperties, type ApiCallFieldsConfig } from './apiCallFields';
import { echo } from './echo';
import { checkEndpoint, resolveUnderBase, type EndpointRules } from './endpoint';
import { defineOperation } from './operation';

/** One API Call request, checked and ready for the node's transport. */
export interface ApiCallRequest {
	method: IHttpRequestMethods;
	/** Path under the credential's base URL, with one leading slash and no query. */
	path: string;
	/** Query parameters; a repeated key keeps every value (send with `arrayFormat: 'repeat'`). */
	qs: Record<string, string | string[]>;
	body?: IDataObject | IDataObject[];
	/** Form fields instead of JSON (offered only where the service has form endpoints). */
	form: boolean;
	/** Whether to read every page (offered only where the node can page). */
	paginate: boolean;
	itemIndex: number;
}

/** What a node supplies for its API Call: its words, its rules and its transport. */
interface ApiCallConfig extends ApiCallFieldsConfig {
	/** The operation's value, as saved in existing workflows. */
	operation: string;
	example: string;
	rules?: EndpointRules;
	/** The credential's base URL, which the resolved URL must stay under. */
	baseUrl(ctx: IExecuteFunctions): Promise<string>;
	send(ctx: IExecuteFunctions, request: ApiCallRequest): Promise<IDataObject | IDataObject[]>;
}

function refuse(ctx: IExecuteFunctions, itemIndex: number, reason: string, config: ApiCallConfig) {
	return new NodeOperationError(ctx.getNode(), `Endpoint refused in item ${itemIndex}: ${reason}`, {
		itemIndex,
		description: `Enter a path ${config.where} such as ${config.example}; the base URL comes from the credential. No request was sent.`,
	});
}

const BODY_FIX = 'Enter a JSON object, e.g. {"input":[{"id":1}]}. No request was sent.';

/** Reads and checks one item's request; throws before any call when something is wrong. */
function prepare(ctx: IExecuteFunctions, itemIndex: number, config: ApiCallConfig): ApiCallRequest {
	const method = ctx.getNodeParameter('method', itemIndex, 'GET') as IHttpRequestMethods;
	if (!config.methods.includes(method)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Method "${echo(String(method))}" in item ${itemIndex} is not allowed; use ${config.methods.join(', ')}`,
			{ itemIndex },
		);
	}
	const checked = checkEndpoint(
		ctx.getNodeParameter('endpoint', itemIndex, '') as unknown,
		config.rules,
	);
	if ('refused' in checked) throw refuse(ctx, itemIndex, checked.refused, config);

	const qs: Record<string, string | string[]> = {};
	const add = (name: string, value: string) => {
		const existing = qs[name];
		if (existing === undefined) qs[name] = value;
		else qs[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
	};
	for (const [name, value] of checked.query) add(name, value);
	const rows = (ctx.getNodeParameter('queryParameters.parameter', itemIndex, []) ?? []) as Array<{
		name?: unknown;
		value?: unknown;
	}>;
	for (const row of rows) {
		if (typeof row.name !== 'string' || !row.name) continue;
		const value = row.value;
		if (value !== null && typeof value === 'object') {
			throw new NodeOperationError(
				ctx.getNode(),
				`Query parameter "${echo(row.name)}" in item ${itemIndex} is an object; enter text or a number`,
				{ itemIndex },
			);
		}
		add(row.name, value === undefined || value === null ? '' : String(value));
	}

	let body: IDataObject | IDataObject[] | undefined;
	let form = false;
	if (method !== 'GET') {
		const raw = ctx.getNodeParameter('body', itemIndex, '{}') as unknown;
		try {
			body =
				typeof raw === 'string'
					? jsonParse<IDataObject | IDataObject[]>(raw.trim() || '{}')
					: (raw as IDataObject);
		} catch {
			throw new NodeOperationError(ctx.getNode(), `Body of item ${itemIndex} is not valid JSON`, {
				itemIndex,
				description: BODY_FIX,
			});
		}
		if (body === null || typeof body !== 'object') {
			throw new NodeOperationError(
				ctx.getNode(),
				`Body of item ${itemIndex} must be a JSON object or list`,
				{ itemIndex, description: BODY_FIX },
			);
		}
		form =
			config.formBody !== undefined &&
			ctx.getNodeParameter('bodyType', itemIndex, 'json') === 'form';
		if (!Array.isArray(body) && Object.keys(body).length === 0 && !form) body = undefined;
	}
	const options = config.paging
		? (ctx.getNodeParameter('options', itemIndex, {}) as IDataObject)
		: {};
	return {
		method,
		path: checked.path,
		qs,
		body,
		form,
		paginate: options.paginate === true,
		itemIndex,
	};
}

/**
 * The one operation of a node's API Call resource, "Send Request": its option for the Operation
 * list, its fields, its checks and its execution. Every node that offers API Call uses this, so the
 * endpoint guard is the same everywhere.
 */
export function apiCallOperation(config: ApiCallConfig) {
	return defineOperation<ApiCallRequest>({
		option: {
			name: 'Send Request',
			value: config.operation,
			description: `Call any endpoint ${config.where} with ${config.secret}, retries and limits of the credential`,
			action: 'Send an API request',
		},
		fields: apiCallProperties(config),
		check(itemIndex) {
			return prepare(this, itemIndex, config);
		},
		async run(itemIndex, call) {
			const resolved = resolveUnderBase(await config.baseUrl(this), call.path, config.rules);
			if ('refused' in resolved) throw refuse(this, itemIndex, resolved.refused, config);
			return await config.send(this, call);
		},
	});
}
