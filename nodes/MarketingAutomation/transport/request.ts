import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import { apiRequest, type Envelope, type MarketingContext, type QueryValue } from './index';
import { collectByOffset, collectFollowing } from './paging';

/** One call of the API Call operation (the package's shared implementation calls this). */
export interface ServiceRequest {
	method: IHttpRequestMethods;
	/** Path from the instance root, e.g. `/rest/v1/lists.json`, already checked by the caller. */
	path: string;
	/** Query parameters; an array value is sent as the key repeated (`id=7&id=8`). */
	qs?: Record<string, QueryValue>;
	body?: IDataObject;
	/** `json` (Lead Database) or `form` (Asset API, `_method=GET`). */
	bodyType?: 'json' | 'form';
	/** Whether the call may be replayed after an ambiguous failure (see `ApiRequest`). */
	idempotent: boolean;
	itemIndex?: number;
	/** Read every page: `offset` for `/rest/asset/` paths, `nextPageToken` for the others. */
	paginate?: boolean;
}

/**
 * Any call to the instance with the node's token, limiter, retries and error handling; with
 * `paginate`, the records of every page. Returns the service's envelope, or the records.
 */
export async function request(
	ctx: MarketingContext,
	call: ServiceRequest,
): Promise<Envelope | IDataObject[]> {
	const apiCall = {
		method: call.method,
		path: call.path,
		qs: call.qs,
		body: call.body,
		form: call.bodyType === 'form',
		idempotent: call.idempotent,
		itemIndex: call.itemIndex,
	};
	if (call.paginate) {
		return call.path.startsWith('/rest/asset/')
			? await collectByOffset(ctx, apiCall)
			: await collectFollowing(ctx, apiCall);
	}
	return await apiRequest.call(ctx, apiCall);
}
