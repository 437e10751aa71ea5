import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { apiCallOperation } from '../shared/apiCall';
import { filtersCollection, optionsCollection } from '../shared/descriptions';
import type { EnrichmentClient } from './client';
import type { ServiceCall } from './types';

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

/** A search filter chosen from a fixed list. */
export function listFilter(
	displayName: string,
	name: string,
	options: INodePropertyOptions[],
	description?: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'multiOptions',
		options,
		default: [],
		...(description === undefined ? {} : { description }),
	};
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

/** The API Call operation of an enrichment node, sent through its client to the credential's API. */
export function apiCallOperationFor(client: EnrichmentClient) {
	return apiCallOperation({
		operation: 'request',
		methods: ['GET', 'POST'],
		secret: 'the API key',
		where: 'on the service',
		placeholder: 'e.g. /account/usage',
		example: '/account/usage',
		baseUrl: client.baseUrl,
		async send(ctx, prepared) {
			// A GET is safe to repeat after an ambiguous failure; a POST may spend credits.
			const call: ServiceCall = {
				method: prepared.method,
				path: prepared.path,
				qs: Object.keys(prepared.qs).length ? prepared.qs : undefined,
				body: prepared.body,
				itemIndex: prepared.itemIndex,
				safeToRepeat: prepared.method === 'GET',
			};
			const answer = await client.apiRequestOk(ctx, call);
			const body = answer.body;
			if (Array.isArray(body)) return body as IDataObject[];
			if (body && typeof body === 'object') return body as IDataObject;
			return {
				statusCode: answer.statusCode,
				body: body === undefined ? null : String(body),
			} as IDataObject;
		},
	});
}
