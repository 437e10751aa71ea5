/**
 * The bulk jobs' sizes and timings, in one place. Module state read at each use, so tests can
 * shorten them with `jest.replaceProperty` (as for the transport's `timing`).
 */
export const bulkSettings = {
	/**
	 * Largest file sent in one import. The service refuses bodies over 10 MB (HTTP 413); this keeps
	 * the multipart envelope and a margin under the strictest reading, 10,000,000 bytes (other
	 * clients use 10,000,000 and 95 % of 10 MiB). 1,000,000 leads of about 56 bytes fit in 6 files.
	 */
	fileBytes: 9_800_000,
	/**
	 * An import of at least this many bytes is cut into an even number of files of about the same
	 * size (at least 2), so both of the service's processing slots work until the end.
	 */
	parallelSplitMinBytes: 2_000_000,
	/** Bytes asked for per `Range` call when downloading an export. */
	downloadChunkBytes: 16 * 1024 * 1024,
	/** Bytes read per chunk from a binary file on an item. */
	readChunkBytes: 1024 * 1024,
	/** The service's job limits: 2 processing, 10 queued (processing included). */
	queueLimit: 10,
	/**
	 * The node's own jobs open at once by default (per kind, imports or exports): the instance
	 * keeps one queue for every integration and processes 2, so more would only wait in it and
	 * keep other clients (the CRM sync, other workflows) out.
	 */
	openJobs: 2,
	/** First wait before an import's status is read, doubled up to the maximum (the docs: 5–30 s). */
	importPollFirstMs: 5_000,
	importPollMaxMs: 30_000,
	/**
	 * Longest wait for a job the learnt pace says is still running: a read before then would only
	 * cost a call (a 1,000,000-lead import runs for minutes).
	 */
	importPollPredictedMaxMs: 300_000,
	/**
	 * Wait between reads of an export's status (and before the first): the service refreshes it at
	 * most once a minute, so a read sooner would only spend a call. The Status Check Interval
	 * option may set it shorter.
	 */
	exportPollMs: 60_000,
	/** Wait before trying again when the queue is full (1016, 1029) or the list is busy (1019). */
	queueFullWaitMs: 30_000,
	/** The service's longest date range per export (31 days); longer ranges become windows. */
	maxExportDays: 31,
};
