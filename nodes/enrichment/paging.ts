import type { IDataObject } from 'n8n-workflow';

interface Page {
	records: IDataObject[];
	/** Total matches, when the service reports it. */
	total?: number;
}

interface PagingOptions {
	/** Max records to return (Infinity for Return All). */
	limit: number;
	/** Largest page the service serves. */
	maxPageSize: number;
	/** Smallest page the service accepts (a smaller Limit still asks for this many, then cuts). */
	minPageSize?: number;
	/**
	 * Page-numbered services need the same size on every page (page n starts at n × size); offset
	 * services can ask for exactly the remainder on the last page.
	 */
	fixedPageSize: boolean;
	/** Safety stop for services that never signal the end. */
	maxPages?: number;
}

/**
 * Follows a search page by page until the limit is reached, a page comes back short, or the
 * reported total is reached. `fetch` gets the page number (0-based), the offset and the size.
 */
export async function collectPages(
	options: PagingOptions,
	fetch: (page: number, offset: number, size: number) => Promise<Page>,
): Promise<IDataObject[]> {
	const collected: IDataObject[] = [];
	const minSize = options.minPageSize ?? 1;
	const fixedSize = Math.max(minSize, Math.min(options.maxPageSize, options.limit));
	const maxPages = options.maxPages ?? 1000;
	let served = 0;
	for (let page = 0; page < maxPages && collected.length < options.limit; page++) {
		const size = options.fixedPageSize
			? fixedSize
			: Math.max(minSize, Math.min(options.maxPageSize, options.limit - collected.length));
		const result = await fetch(page, options.fixedPageSize ? page * size : served, size);
		served += result.records.length;
		collected.push(...result.records.slice(0, options.limit - collected.length));
		if (result.records.length < size) break;
		if (result.total !== undefined && served >= result.total) break;
	}
	return collected;
}
