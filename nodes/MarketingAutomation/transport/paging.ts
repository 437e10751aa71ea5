import type { IDataObject } from 'n8n-workflow';

import {
	apiRead,
	apiRequest,
	type ApiRequest,
	type Envelope,
	type MarketingContext,
} from './index';

/** The Lead Database's batch maximum (filter values, upsert input, list ids, page size). */
export const LEAD_BATCH = 300;
/** The Asset API's page maximum (`maxReturn`). */
export const ASSET_PAGE = 200;
/** A GET whose URL would pass this length is sent as POST with `_method=GET` (the limit is 8 KB). */
const MAX_GET_URL = 8000;
/** The Asset API's "nothing (more) here" warning. */
const NO_ASSETS = /no assets found/i;

export function chunk<T>(values: T[], size: number): T[][] {
	const chunks: T[][] = [];
	for (let i = 0; i < values.length; i += size) chunks.push(values.slice(i, i + size));
	return chunks;
}

/**
 * `nextPageToken` paging, the one implementation for every token-paged endpoint: repeat while the
 * answer carries a new token. `moreResult` is not sent by every endpoint (lists, campaigns), so it
 * stops paging only when it is explicitly false; empty pages are tolerated. Stops as soon as
 * `limit` records are in (Infinity: all). With `batchSize`, each page asks for at most that many
 * (capped by what is still missing).
 */
async function followTokens(
	ctx: MarketingContext,
	request: ApiRequest,
	limit: number,
	batchSize: number | undefined,
	send: (ctx: MarketingContext, request: ApiRequest) => Promise<Envelope>,
	onPage?: (records: IDataObject[]) => void,
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	const seen = new Set<string>();
	let token = request.qs?.nextPageToken as string | undefined;
	for (;;) {
		const qs: IDataObject = { ...(request.qs as IDataObject) };
		if (batchSize !== undefined) {
			const remaining = limit - records.length;
			qs.batchSize = Math.min(batchSize, Number.isFinite(remaining) ? remaining : batchSize);
		}
		if (token) qs.nextPageToken = token;
		const page = await send(ctx, { ...request, qs });
		const result = page.result ?? [];
		onPage?.(result);
		const room = limit - records.length;
		for (let k = 0; k < result.length && k < room; k++) records.push(result[k]);
		token = page.nextPageToken;
		if (!token || page.moreResult === false || records.length >= limit || seen.has(token)) break;
		seen.add(token);
	}
	return records;
}

/** Token paging of the Lead Database reads (leads, lists, members, campaigns, fields), 300 a page. */
export async function collectByToken(
	ctx: MarketingContext,
	request: ApiRequest,
	limit: number = Infinity,
	onPage?: (records: IDataObject[]) => void,
): Promise<IDataObject[]> {
	return await followTokens(ctx, request, limit, LEAD_BATCH, sendLeadDbRead, onPage);
}

/**
 * A Lead Database GET, switched to `POST ...?_method=GET` with a form body when the URL would be
 * longer than the service accepts (414 above 8 KB).
 */
export async function sendLeadDbRead(
	ctx: MarketingContext,
	request: ApiRequest,
): Promise<Envelope> {
	const query = new URLSearchParams();
	for (const [key, value] of Object.entries(request.qs ?? {})) {
		if (value !== undefined && value !== null) query.append(key, String(value));
	}
	// Host and prefix are at most a few hundred characters; the query dominates.
	if (request.method === 'GET' && query.toString().length + 300 > MAX_GET_URL) {
		return await apiRequest.call(ctx, {
			...request,
			method: 'POST',
			qs: { _method: 'GET' },
			body: request.qs,
			form: true,
			safeToRepeat: true,
		});
	}
	return await apiRequest.call(ctx, request);
}

/** The date-based paging token that starts every activity read. */
export async function activityPagingToken(
	ctx: MarketingContext,
	sinceDatetime: string,
	itemIndex?: number,
): Promise<string> {
	const answer = await apiRead.call(ctx, '/rest/v1/activities/pagingtoken.json', {
		qs: { sinceDatetime },
		itemIndex,
	});
	return String(answer.nextPageToken ?? '');
}

/**
 * Activity paging (`activities.json`, `activities/leadchanges.json`): continue while `moreResult`
 * is true. A page may hold fewer than `batchSize` records, even none, while more follow. `onPage`
 * may return false to stop early (e.g. past an end date).
 */
export async function collectActivities(
	ctx: MarketingContext,
	request: ApiRequest,
	sinceDatetime: string,
	limit: number = Infinity,
	onPage?: (records: IDataObject[]) => boolean | void,
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	let token = await activityPagingToken(ctx, sinceDatetime, request.itemIndex);
	for (;;) {
		const page = await apiRequest.call(ctx, {
			...request,
			qs: { ...request.qs, nextPageToken: token, batchSize: LEAD_BATCH },
		});
		const result = page.result ?? [];
		const goOn = onPage?.(result);
		records.push(...result.slice(0, limit - records.length));
		const next = page.nextPageToken;
		if (!page.moreResult || !next || next === token || records.length >= limit || goOn === false) {
			break;
		}
		token = next;
	}
	return records;
}

/**
 * Asset API paging by offset: `offset += maxReturn` until a short page, no `result`, or the
 * "No assets found" warning. `keep` filters client-side (it counts towards `limit`).
 */
export async function collectByOffset(
	ctx: MarketingContext,
	request: ApiRequest,
	limit: number = Infinity,
	keep: (record: IDataObject) => boolean = () => true,
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	for (let offset = 0; ; offset += ASSET_PAGE) {
		const page = await apiRequest.call(ctx, {
			...request,
			qs: { ...request.qs, maxReturn: ASSET_PAGE, offset },
		});
		const result = page.result ?? [];
		records.push(...result.filter(keep).slice(0, limit - records.length));
		const empty = (page.warnings ?? []).some((w) => NO_ASSETS.test(String(w)));
		if (empty || result.length < ASSET_PAGE || records.length >= limit) break;
	}
	return records;
}

/**
 * Every page of any endpoint (the API Call operation): offset for `/rest/asset/`, else tokens with
 * the request as given (no page size is added).
 */
export async function collectAll(
	ctx: MarketingContext,
	request: ApiRequest,
): Promise<IDataObject[]> {
	return request.path.startsWith('/rest/asset/')
		? await collectByOffset(ctx, request)
		: await followTokens(
				ctx,
				request,
				Infinity,
				undefined,
				async (c, r) => await apiRequest.call(c, r),
			);
}
