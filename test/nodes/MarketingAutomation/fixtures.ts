import type { FaultCase } from '../../harness/faults/faultCases';

/**
 * The Marketing Automation fixtures that more than one test file uses, declared once. Parameter
 * sets shared with the benchmarks live in `test/harness/marketing.ts`.
 */

/** The answer is held after the service ran the call, past the node's time limit. */
export const TIMEOUT_AFTER: FaultCase = { name: 'timeout after', rule: { fault: 'timeout' } };

/** The service's own "not executed" answer: rate limit exceeded (HTTP 200, success false). */
export const SERVICE_RATE_LIMITED: FaultCase = {
	name: 'service 606',
	notExecuted: true,
	rule: {
		fault: 'inject',
		answer: {
			status: 200,
			body: {
				requestId: 'e42b#fault',
				success: false,
				errors: [{ code: '606', message: "Max rate limit '100' exceeded with in '20' secs" }],
			},
		},
	},
};
