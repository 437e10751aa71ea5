import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { answerError } from '../../enrichment/errors';
import type { EnrichmentContext, ServiceCall } from '../../enrichment/types';
import { client, SERVICE_NAME } from './index';

/**
 * The service's V3 signal, score, lookalike and filter endpoints. They exist on the service's own
 * API only: the connection contract has none of them.
 */

export type EntityKind = 'contact' | 'company';

export const collectionOf = (kind: EntityKind) => (kind === 'contact' ? 'contacts' : 'companies');

/** Refuses the connection contract before any call, naming what needs the service's own API. */
export async function requireServiceApi(
	ctx: EnrichmentContext,
	what: string,
	itemIndex: number,
): Promise<void> {
	if ((await client.api(ctx)) === 'service') return;
	throw new NodeOperationError(
		ctx.getNode(),
		`${what} works with the service's own API only; the connection contract has no such endpoint`,
		{
			itemIndex,
			description: 'Choose the Service API in the credential. No request was sent.',
		},
	);
}

/** The named list of a catalogue answer (`{ signalTypes: [...] }`, `{ values: [...] }`). */
function listIn(answer: unknown, name: string): unknown[] {
	const list = ((answer ?? {}) as IDataObject)[name];
	return Array.isArray(list) ? list : [];
}

/** A catalogue value as people read it: `companyChange` → "Company Change". */
const readable = (value: string) =>
	value.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/** The signal types of `kind` from the service's catalogue (`GET /v3/<kind>/signals/types`, free). */
export async function signalTypeOptions(
	ctx: EnrichmentContext,
	kind: EntityKind,
): Promise<INodePropertyOptions[]> {
	await requireServiceApi(ctx, 'The signal type list', 0);
	const { body } = await client.apiRequestOk(ctx, {
		method: 'GET',
		path: `/v3/${collectionOf(kind)}/signals/types`,
		itemIndex: 0,
		safeToRepeat: true,
	});
	// `ContactSignalTypesResponse` / `CompanySignalTypesResponse`: `{ signalTypes: string[] }`.
	return listIn(body, 'signalTypes')
		.filter((type): type is string => typeof type === 'string' && type !== '')
		.map((value) => ({ name: readable(value), value }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * `POST /v3/<kind>/signals` or `/signal-score` for up to 100 ids. Signals are charged per signal
 * shown, so they are never repeated after an unclear failure; scores are free reads.
 */
export async function postByIds(
	ctx: IExecuteFunctions,
	kind: EntityKind,
	endpoint: 'signals' | 'signal-score',
	body: IDataObject,
	itemIndex: number,
): Promise<IDataObject> {
	const { body: answer } = await client.apiRequestOk(ctx, {
		method: 'POST',
		path: `/v3/${collectionOf(kind)}/${endpoint}`,
		body,
		itemIndex,
		safeToRepeat: endpoint === 'signal-score',
	});
	return (answer ?? {}) as IDataObject;
}

/**
 * One page of lookalikes (`POST /v3/<kind>/lookalike`). Every result is charged, so a page is never
 * repeated after an unclear failure. An error status throws, but a 410 on a page of a session
 * comes back: the caller says the session expired.
 */
export async function postLookalike(
	ctx: IExecuteFunctions,
	kind: EntityKind,
	body: IDataObject,
	itemIndex: number,
) {
	const call: ServiceCall = {
		method: 'POST',
		path: `/v3/${collectionOf(kind)}/lookalike`,
		body,
		itemIndex,
		safeToRepeat: false,
	};
	const answer = await client.apiRequest(ctx, call);
	if (answer.statusCode >= 400 && !(body.dedupeSessionId && answer.statusCode === 410)) {
		throw answerError(ctx.getNode(), answer, SERVICE_NAME, call);
	}
	return answer;
}

/** Where a filter catalogue lives: the prospecting filters, or the company signal sub-filters. */
export type FilterSource = 'prospecting' | 'signals';

/**
 * A filter catalogue (free): `GET /v3/<kind>/prospecting/filters/<name>`, or the company signal
 * sub-filters `GET /v3/companies/signals/filters/<name>`, with the user's text as `query` for the
 * catalogues the service searches. The answer is `{ values }`, its entries plain strings
 * (departments, intent topics, intent categories) or objects, by catalogue; a string comes back as
 * `{ value }`.
 */
export async function filterValues(
	ctx: EnrichmentContext,
	kind: EntityKind,
	name: string,
	query?: string,
	source: FilterSource = 'prospecting',
): Promise<IDataObject[]> {
	await requireServiceApi(ctx, 'The filter list', 0);
	const { body } = await client.apiRequestOk(ctx, {
		method: 'GET',
		path: `/v3/${collectionOf(kind)}/${source === 'signals' ? 'signals' : 'prospecting'}/filters/${name}`,
		...(query === undefined ? {} : { qs: { query } }),
		itemIndex: 0,
		safeToRepeat: true,
	});
	return listIn(body, 'values').flatMap((entry): IDataObject[] =>
		typeof entry === 'string'
			? [{ value: entry }]
			: typeof entry === 'object' && entry !== null
				? [entry as IDataObject]
				: [],
	);
}
