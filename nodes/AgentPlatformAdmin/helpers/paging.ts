import type { IDataObject } from 'n8n-workflow';

/** Records asked for per page of the platform's listings. */
export const PAGE_SIZE = 100;
/** A bound on pages read for one Get Many (100 000 records at the page size above). */
const MAX_PAGES = 1000;

/** One page: its records, and the listing's total where the platform gives one (`count`). */
export interface Page {
	rows: IDataObject[];
	total?: number;
}

/**
 * Reads pages from 1 until `limit` records are in (Infinity for Return All) or the listing ends.
 * The platform may put fewer records on a page than asked (it caps page sizes), so a page shorter
 * than asked ends the listing only when it is shorter than the service's own page size: a short
 * first page is followed by one more read, which comes back empty at the end or shows the
 * service's page size. A total (`count`) above the records read means more pages.
 */
export async function collectPages(
	readPage: (page: number, pageSize: number) => Promise<Page>,
	limit: number,
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	/** The most records the service has put on one page: its page size once a page was short. */
	let servedPageSize: number | undefined;
	for (let page = 1; page <= MAX_PAGES && records.length < limit; page++) {
		// One page size for every page, so page numbers stay aligned.
		const { rows, total } = await readPage(page, PAGE_SIZE);
		records.push(...rows);
		if (rows.length === 0) break;
		const short = servedPageSize !== undefined && rows.length < servedPageSize;
		servedPageSize = Math.max(servedPageSize ?? 0, rows.length);
		// `count` is the listing's total on some answers and the page's length on others: it can
		// only say there is more, never that the listing ended.
		if (total !== undefined && records.length < total) continue;
		if (short) break;
	}
	return records.slice(0, limit);
}
