/**
 * The transport's fixed timings, in one place. Module state read at each use, so the test suite can
 * shorten them with `jest.replaceProperty` instead of hooks in the shipped code.
 */
export const timing = {
	/**
	 * Time limit of one attempt. The service answers in well under a second; five attempts and
	 * their pauses stay below n8n's own 300 s limit of a request.
	 */
	timeoutMs: 30_000,
	/** Retries after the first attempt, and the exponential backoff between them. */
	retries: 4,
	baseDelayMs: 1000,
	maxDelayMs: 30_000,
};
