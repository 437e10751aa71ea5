import type { Failure, HttpAnswer } from '../failure';

/**
 * One attempt that failed, classified by the shared failure model (`../failure.ts`): the answer
 * when one came, the error the request helper threw when none did.
 */
export class FailedAttempt extends Error {
	readonly answer?: HttpAnswer;
	readonly original?: unknown;

	constructor(
		readonly failure: Failure,
		what: { answer?: HttpAnswer; original?: unknown } = {},
	) {
		super(
			what.original !== undefined
				? String((what.original as Error)?.message ?? 'The call failed')
				: failure.status
					? `HTTP ${failure.status}`
					: failure.reason,
		);
		this.name = 'FailedAttempt';
		this.answer = what.answer;
		this.original = what.original;
	}
}
