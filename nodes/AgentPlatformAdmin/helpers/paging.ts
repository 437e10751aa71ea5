import type { IDataObject } from 'n8n-workflow';

/** Records asked for per page of the platform's listings. */
export const PAGE_SIZE = 100;
/** A bound on pages read for one Get Many (100 000 records at the page size above). */
const MAX_PAGES = 1000;

/**
 * Reads pages from 1 until `limit` records are in or a page comes back short (the last one).
 * `limit` is Infinity for Return All.
 */
export async function collectPages(
	readPage: (page: number, pageSize: number) => Promise<IDataObject[]>,
	limit: number,
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	for (let page = 1; page <= MAX_PAGES && records.length < limit; page++) {
		// One page size for every page, so page numbers stay aligned.
		const rows = await readPage(page, PAGE_SIZE);
		records.push(...rows);
		if (rows.length < PAGE_SIZE) break;
	}
	return records.slice(0, limit);
}
