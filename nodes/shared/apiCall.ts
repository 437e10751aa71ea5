import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { jsonParse, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection } from './descriptions';
import { echo } from './echo';
import { checkEndpoint, resolveUnderBase, type EndpointRules } from './endpoint';
import type { ItemOperation } from './router';

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
export interface ApiCallConfig {
	/** The operation's value, as saved in existing workflows. */
	operation: string;
	methods: IHttpRequestMethods[];
	/** Whose key or token is attached, for the texts ("the API key", "the token"). */
	secret: string;
	/** Where the path is, e.g. "on the instance" or "on the service". */
	where: string;
	placeholder: string;
	example: string;
	rules?: EndpointRules;
	/** Offer "Body Content Type" JSON / Form. */
	formBody?: { jsonHint: string; formHint: string };
	/** Offer Options → Follow Pages with this description. */
	paging?: string;
	/** The credential's base URL, which the resolved URL must stay under. */
	baseUrl(ctx: IExecuteFunctions): Promise<string>;
	send(ctx: IExecuteFunctions, request: ApiCallRequest): Promise<IDataObject | IDataObject[]>;
}

/** "Query Parameters" as name/value pairs; a name may repeat. */
const queryParametersField: INodeProperties = {
	displayName: 'Query Parameters',
	name: 'queryParameters',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Parameter',
	default: {},
	description: 'A name may be added more than once to send it with several values',
	options: [
		{
			displayName: 'Parameter',
			name: 'parameter',
			values: [
				{ displayName: 'Name', name: 'name', type: 'string', default: '' },
				{ displayName: 'Value', name: 'value', type: 'string', default: '' },
			],
		},
	],
};

function properties(config: ApiCallConfig): INodeProperties[] {
	const withBody = config.methods.filter((method) => method !== 'GET');
	const list: INodeProperties[] = [
		{
			displayName: 'Method',
			name: 'method',
			type: 'options',
			default: 'GET',
			options: [...config.methods].sort().map((method) => ({ name: method, value: method })),
			description: 'HTTP method of the request',
		},
		{
			displayName: 'Endpoint',
			name: 'endpoint',
			type: 'string',
			default: '',
			required: true,
			placeholder: config.placeholder,
			description: `Path ${config.where}, relative to the credential's base URL. Absolute URLs, other hosts and ".." segments are refused, so ${config.secret} never leaves the service.`,
		},
		queryParametersField,
	];
	if (config.formBody) {
		list.push({
			displayName: 'Body Content Type',
			name: 'bodyType',
			type: 'options',
			default: 'json',
			displayOptions: { show: { method: withBody } },
			options: [
				{ name: 'Form', value: 'form', description: config.formBody.formHint },
				{ name: 'JSON', value: 'json', description: config.formBody.jsonHint },
			],
		});
	}
	list.push({
		displayName: 'Body',
		name: 'body',
		type: 'json',
		default: '{}',
		displayOptions: { show: { method: withBody } },
		description: config.formBody
			? 'JSON object; with Form content type its top-level keys become form fields'
			: 'JSON body of the request',
	});
	if (config.paging) {
		list.push(
			optionsCollection([
				{
					displayName: 'Follow Pages',
					name: 'paginate',
					type: 'boolean',
					default: false,
					description: config.paging,
				},
			]),
		);
	}
	return list;
}

function refuse(ctx: IExecuteFunctions, itemIndex: number, reason: string, config: ApiCallConfig) {
	return new NodeOperationError(ctx.getNode(), `Endpoint refused in item ${itemIndex}: ${reason}`, {
		itemIndex,
		description: `Enter a path ${config.where} such as ${config.example}; the base URL comes from the credential. No request was sent.`,
	});
}

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
				description: 'Enter a JSON object, e.g. {"input":[{"id":1}]}. No request was sent.',
			});
		}
		if (body === null || typeof body !== 'object') {
			throw new NodeOperationError(
				ctx.getNode(),
				`Body of item ${itemIndex} must be a JSON object or list`,
				{
					itemIndex,
					description: 'Enter a JSON object, e.g. {"input":[{"id":1}]}. No request was sent.',
				},
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
export function apiCallOperation(config: ApiCallConfig): ItemOperation & {
	option: INodePropertyOptions;
} {
	return {
		option: {
			name: 'Send Request',
			value: config.operation,
			description: `Call any endpoint ${config.where} with ${config.secret}, retries and limits of the credential`,
			action: 'Send an API request',
		},
		description: updateDisplayOptions(
			{ show: { resource: ['apiCall'], operation: [config.operation] } },
			properties(config),
		),
		validate(this: IExecuteFunctions, itemIndex: number) {
			prepare(this, itemIndex, config);
		},
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const call = prepare(this, itemIndex, config);
			const resolved = resolveUnderBase(await config.baseUrl(this), call.path, config.rules);
			if ('refused' in resolved) throw refuse(this, itemIndex, resolved.refused, config);
			return await config.send(this, call);
		},
	};
}

/** The API Call resource's fields: its Operation list (one option) and the operation's fields. */
export function apiCallResourceDescription(operation: {
	option: INodePropertyOptions;
	description: INodeProperties[];
}): INodeProperties[] {
	const value = operation.option.value;
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['apiCall'] } },
			options: [operation.option],
			default: value,
		},
		...operation.description,
	];
}
