import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError, jsonParse } from 'n8n-workflow';

import {
	filtersCollection,
	optionsCollection,
	queryParametersField,
	readQueryParameters,
} from '../shared/descriptions';
import { checkRelativeEndpoint } from '../shared/endpoint';
import { answerError, type ServiceAnswer, type ServiceCall } from './http';
import type { ItemOperation } from '../shared/router';

/** The "Options" collection of every lookup operation. */
export function lookupOptions(noun: string): INodeProperties {
	return optionsCollection([
		{
			displayName: 'Error on No Match',
			name: 'errorOnNoMatch',
			type: 'boolean',
			default: false,
			description: `Whether to fail the item when no ${noun} matches, instead of returning it with "found" set to false`,
		},
	]);
}

/** The "Filters" collection of a search: the services refuse a search without any filter. */
export function searchFiltersCollection(options: INodeProperties[]): INodeProperties {
	return filtersCollection(options, 'At least one filter is needed; filters combine with AND');
}

/** Company size bands, shared by both services' searches. */
export const COMPANY_SIZES: Array<INodePropertyOptions & { min: number; max?: number }> = [
	{ name: 'Enterprise (5,001+)', value: '5001+', min: 5001 },
	{ name: 'Large (201-1,000)', value: '201-1000', min: 201, max: 1000 },
	{ name: 'Medium (51-200)', value: '51-200', min: 51, max: 200 },
	{ name: 'Micro (1-10)', value: '1-10', min: 1, max: 10 },
	{ name: 'Small (11-50)', value: '11-50', min: 11, max: 50 },
	{ name: 'Very Large (1,001-5,000)', value: '1001-5000', min: 1001, max: 5000 },
];

export const companySizeOptions: INodePropertyOptions[] = COMPANY_SIZES.map(({ name, value }) => ({
	name,
	value,
}));

// ---------------------------------------------------------------------------------------------
// API Call: a request to any path of the service, with the credential's key.

export const apiCallProperties: INodeProperties[] = [
	{
		displayName: 'Method',
		name: 'method',
		type: 'options',
		options: [
			{ name: 'GET', value: 'GET' },
			{ name: 'POST', value: 'POST' },
		],
		default: 'GET',
		description: 'HTTP method of the request',
	},
	{
		displayName: 'Endpoint',
		name: 'endpoint',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. /account/usage',
		description:
			"Path on the service, relative to the credential's base URL. Absolute URLs and other hosts are refused, so the API key never leaves the service.",
	},
	queryParametersField,
	{
		displayName: 'Body',
		name: 'body',
		type: 'json',
		default: '{}',
		description: 'JSON body of the request',
		displayOptions: { show: { method: ['POST'] } },
	},
];

/** The API Call operation for a service whose credential is `credentialType`. */
export function apiCallOperation(
	request: (ctx: IExecuteFunctions, call: ServiceCall) => Promise<ServiceAnswer>,
	serviceName: string,
	description: INodeProperties[],
): ItemOperation {
	const prepare = (ctx: IExecuteFunctions, itemIndex: number) => {
		const endpoint = ctx.getNodeParameter('endpoint', itemIndex, '') as string;
		const checked = checkRelativeEndpoint(endpoint);
		if ('refused' in checked) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Invalid endpoint in item ${itemIndex}: ${checked.refused}`,
				{
					itemIndex,
					description: `Enter a path such as /account/usage; the base URL comes from the credential. No request was sent.`,
				},
			);
		}
		const method = ctx.getNodeParameter('method', itemIndex) as 'GET' | 'POST';
		let body: IDataObject | IDataObject[] | undefined;
		if (method === 'POST') {
			const raw = ctx.getNodeParameter('body', itemIndex, '{}') as string | IDataObject;
			try {
				body = typeof raw === 'string' ? jsonParse<IDataObject>(raw || '{}') : raw;
			} catch {
				throw new NodeOperationError(
					ctx.getNode(),
					`Invalid body in item ${itemIndex}: it is not valid JSON`,
					{
						itemIndex,
						description: 'Enter the body as a JSON object. No request was sent.',
					},
				);
			}
		}
		return { method, path: checked.path, body, qs: readQueryParameters(ctx, itemIndex) };
	};
	return {
		description,
		validate(this: IExecuteFunctions, itemIndex: number) {
			prepare(this, itemIndex);
		},
		async execute(this: IExecuteFunctions, itemIndex: number) {
			// A GET is safe to repeat after an ambiguous failure; a POST may spend credits.
			const prepared = prepare(this, itemIndex);
			const call: ServiceCall = { ...prepared, itemIndex, replaySafe: prepared.method === 'GET' };
			const answer = await request(this, call);
			if (answer.statusCode >= 400) throw answerError(this.getNode(), answer, serviceName, call);
			const body = answer.body;
			if (Array.isArray(body)) return body as IDataObject[];
			if (body && typeof body === 'object') return body as IDataObject;
			return {
				statusCode: answer.statusCode,
				body: body === undefined ? null : String(body),
			} as IDataObject;
		},
	};
}
