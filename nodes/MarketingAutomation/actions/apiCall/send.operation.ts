import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeProperties,
} from 'n8n-workflow';
import { jsonParse, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, queryParametersField } from '../../../shared/descriptions';
import { checkRelativeEndpoint } from '../../../shared/endpoint';
import { apiRequest } from '../../transport';
import { collectByOffset, collectFollowing } from '../../transport/paging';

const properties: INodeProperties[] = [
	{
		displayName: 'Method',
		name: 'method',
		type: 'options',
		default: 'GET',
		options: [
			{ name: 'DELETE', value: 'DELETE' },
			{ name: 'GET', value: 'GET' },
			{ name: 'POST', value: 'POST' },
		],
	},
	{
		displayName: 'Endpoint',
		name: 'endpoint',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. /rest/v1/campaigns.json',
		description:
			'Path on the instance, starting with /rest/ or /bulk/. Absolute URLs and other hosts are refused, so the token never leaves the instance.',
	},
	queryParametersField,
	{
		displayName: 'Body Content Type',
		name: 'bodyType',
		type: 'options',
		default: 'json',
		displayOptions: { show: { method: ['POST', 'DELETE'] } },
		options: [
			{ name: 'JSON', value: 'json', description: 'Lead Database endpoints (/rest/v1/...)' },
			{ name: 'Form', value: 'form', description: 'Asset endpoints (/rest/asset/v1/...)' },
		],
	},
	{
		displayName: 'Body',
		name: 'body',
		type: 'json',
		default: '{}',
		displayOptions: { show: { method: ['POST', 'DELETE'] } },
		description: 'JSON object; with Form content type its top-level keys become form fields',
	},
	optionsCollection([
		{
			displayName: 'Follow Pages',
			name: 'paginate',
			type: 'boolean',
			default: false,
			description:
				'Whether to read every page (nextPageToken, or offset for /rest/asset/ paths) and output each record as an item',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['apiCall'], operation: ['send'] } },
	properties,
);

/**
 * Any endpoint of the instance, with the node's token, throttle, retry and paging. POST is
 * treated as non-idempotent (not replayed after a timeout); GET and DELETE are.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const method = this.getNodeParameter('method', itemIndex, 'GET') as IHttpRequestMethods;
	const checked = checkRelativeEndpoint(String(this.getNodeParameter('endpoint', itemIndex, '')));
	if ('refused' in checked) {
		throw new NodeOperationError(
			this.getNode(),
			`Endpoint refused in item ${itemIndex}: ${checked.refused}`,
			{
				itemIndex,
				description: 'Enter a path on the instance such as /rest/v1/lists.json.',
			},
		);
	}
	const [path, inlineQuery] = checked.path.split('?');
	if (!/^\/(rest|bulk)\//.test(path)) {
		throw new NodeOperationError(
			this.getNode(),
			`Endpoint "${path}" is not an API path (item ${itemIndex})`,
			{
				itemIndex,
				description: 'API paths start with /rest/ (e.g. /rest/v1/leads.json) or /bulk/.',
			},
		);
	}
	const qs: IDataObject = Object.fromEntries(new URLSearchParams(inlineQuery ?? ''));
	const rows = (this.getNodeParameter('queryParameters', itemIndex, {}) as IDataObject)
		.parameter as Array<{ name?: string; value?: string }> | undefined;
	for (const row of rows ?? []) if (row.name) qs[row.name] = row.value ?? '';
	let body: IDataObject | undefined;
	let form = false;
	if (method !== 'GET') {
		const raw = this.getNodeParameter('body', itemIndex, '{}') as unknown;
		try {
			body = typeof raw === 'string' ? jsonParse<IDataObject>(raw || '{}') : (raw as IDataObject);
		} catch {
			throw new NodeOperationError(this.getNode(), `Body of item ${itemIndex} is not valid JSON`, {
				itemIndex,
				description: 'Enter a JSON object, e.g. {"input":[{"id":1}]}.',
			});
		}
		form = this.getNodeParameter('bodyType', itemIndex, 'json') === 'form';
		if (Object.keys(body ?? {}).length === 0 && !form) body = undefined;
	}
	const request = { method, path, qs, body, form, idempotent: method !== 'POST', itemIndex };
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	if (options.paginate === true) {
		return path.startsWith('/rest/asset/')
			? await collectByOffset(this, request)
			: await collectFollowing(this, request);
	}
	return (await apiRequest.call(this, request)) as IDataObject;
}
