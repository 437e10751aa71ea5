/**
 * The transport's fixed timings, in one place. Module state read at each use, so the test suite can
 * shorten them with `jest.replaceProperty` instead of hooks in the shipped code.
 */
export const timing = {
	/** The service's rate-limit window (100 calls per 20 s per instance). */
	windowMs: 20_000,
	/** Time limit of one call. */
	timeoutMs: 120_000,
	/** Retries after the first attempt, and the exponential backoff between them. */
	retries: 4,
	baseDelayMs: 1000,
	maxDelayMs: 30_000,
	/** A token with this little life left is treated as expired (a call needs a moment to arrive). */
	tokenRefreshMarginMs: 20_000,
	/** Upper bound of one wait for a nearly dead token to die (identity returns it until then). */
	tokenMaxWaitMs: 25_000,
	/**
	 * How long a process keeps an instance's lead describe for its executions: 10 minutes. Lead
	 * fields change rarely (an admin adds one), a field added since is caught anyway (a lead with a
	 * field the copy does not know has the describe read again before it is refused), and a field
	 * removed since is known again within this time.
	 */
	describeLifetimeMs: 600_000,
};
