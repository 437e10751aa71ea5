/**
 * Where the simulator reports a break of a contract that is the simulator's own or the node's
 * fault rather than the service's answer: a request to an endpoint with no contract entry, or an
 * answer the document does not have. Tests in this process fail on any report (see
 * `test/setup/contracts.ts`); `npm run dev` and the benchmarks print them.
 */
const reported: string[] = [];
let listener: ((violation: string) => void) | undefined;
/** Checks of answers already sent, not yet run (see `checkLater`). */
const pending: Array<() => string[]> = [];

export function reportViolation(violation: string): void {
	reported.push(violation);
	listener?.(violation);
}

/** Checks held back at most: past this many, they run at once (each holds its answer). */
const MOST_PENDING = 200;

/**
 * A check to run later, off the path of the answers due now: the simulator sends its answers and
 * runs their checks when it has no request open (`runPendingChecks`); `takeViolations` runs what
 * is left first, so a test's end still sees every answer checked.
 */
export function checkLater(check: () => string[]): void {
	pending.push(check);
	if (pending.length >= MOST_PENDING) runPendingChecks();
}

/** Runs the checks `checkLater` queued and reports what they found. */
export function runPendingChecks(): void {
	for (const check of pending.splice(0, pending.length)) check().forEach(reportViolation);
}

/** Everything reported since the last call (checks still queued run first), and forgets it. */
export function takeViolations(): string[] {
	runPendingChecks();
	return reported.splice(0, reported.length);
}

/** Also tells `onViolation` of each report as it comes (the dev setup prints them). */
export function onViolation(callback: ((violation: string) => void) | undefined): void {
	listener = callback;
}
