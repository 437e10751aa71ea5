import type { IHttpRequestMethods, INodeProperties } from 'n8n-workflow';

import { optionsCollection } from './descriptions';

/** The API Call resource's fields, as the node's editor shows them (see `apiCallOperation`). */

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

/** What the fields show of a node's API Call (the part of `ApiCallConfig` the editor needs). */
export interface ApiCallFieldsConfig {
	methods: IHttpRequestMethods[];
	/** Whose key or token is attached, for the texts ("the API key", "the token"). */
	secret: string;
	/** Where the path is, e.g. "on the instance" or "on the service". */
	where: string;
	placeholder: string;
	/** Offer "Body Content Type" JSON / Form. */
	formBody?: { jsonHint: string; formHint: string };
	/** Offer Options → Follow Pages with this description. */
	paging?: string;
}

/** Send Request's fields: method, endpoint, query, body and the options the node offers. */
export function apiCallProperties(config: ApiCallFieldsConfig): INodeProperties[] {
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
