import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { limitOf, listOf, returnAllAndLimit, simplifyField } from '../../shared/descriptions';
import { collectPages } from '../../enrichment/paging';
import { itemParameter } from '../../shared/itemParameters';
import { client } from '../transport';
import { searchBody, searchFilters, type SearchKind } from './searchFilters';

/** The service serves at most this many records per search page. */
export const SEARCH_PAGE_SIZE = 50;
/** The service's prospecting pages hold 10 to 100 records: a Limit under 10 asks for 10. */
export const SEARCH_MIN_PAGE_SIZE = 10;

/**
 * Search of contacts or companies, page by page (`pagination: { page, size }`, page 0-based, at
 * most 50 per page) until the limit, a short page or `totalResults`: `POST /v3/<kind>s/prospecting`
 * on the service's own API, `POST /prospecting/<kind>/search` on the contract. Searches are
 * repeated safely after an ambiguous failure: they return previews and spend no enrichment credit.
 */
export function searchOperation(kind: SearchKind, simplify: (record: IDataObject) => IDataObject) {
	return {
		fields: [...returnAllAndLimit, simplifyField, searchFilters(kind)],
		/** The item's filters as its API takes them: refused here, before any item's search. */
		async check(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
			const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
			// Both APIs need at least one filter; industries are checked when the API is known.
			if (
				Object.keys(searchBody(this, kind, itemIndex, 'either')).length === 0 &&
				!listOf(filters.industry).length &&
				!listOf(filters.industryIds).length
			) {
				throw new NodeOperationError(this.getNode(), `No search filter in item ${itemIndex}`, {
					itemIndex,
					description:
						'Add at least one filter: an unfiltered search would page through the whole database and spend credits. No request was sent.',
				});
			}
			return searchBody(this, kind, itemIndex, await client.api(this));
		},
		async run(this: IExecuteFunctions, itemIndex: number, filters: IDataObject) {
			const api = await client.api(this);
			const path =
				api === 'service'
					? `/v3/${kind === 'contact' ? 'contacts' : 'companies'}/prospecting`
					: `/prospecting/${kind}/search`;
			const records = await collectPages(
				{
					limit: limitOf(this, itemIndex),
					maxPageSize: SEARCH_PAGE_SIZE,
					minPageSize: api === 'service' ? SEARCH_MIN_PAGE_SIZE : undefined,
					fixedPageSize: true,
				},
				async (page, _offset, size) => {
					const answer = await client.apiRequestOk(this, {
						method: 'POST',
						path,
						body: { pagination: { page, size }, filters },
						itemIndex,
						safeToRepeat: true,
					});
					const body = (answer.body ?? {}) as IDataObject;
					// The service's own API answers `results` and `pagination.total`; the contract `data`
					// and `totalResults`.
					const total =
						api === 'service'
							? (body.pagination as IDataObject | undefined)?.total
							: body.totalResults;
					return {
						records: ((api === 'service' ? body.results : body.data) ?? []) as IDataObject[],
						total: typeof total === 'number' ? total : undefined,
					};
				},
			);
			return itemParameter<boolean>(this, 'simplify', itemIndex, true)
				? records.map(simplify)
				: records;
		},
	};
}
