/**
 * Where the simulator reports a break of a contract that is the simulator's own or the node's
 * fault rather than the service's answer: a request to an endpoint with no contract entry, or an
 * answer the document does not have. Tests in this process fail on any report (see
 * `test/setup/contracts.ts`); `npm run dev` and the benchmarks print them.
 */
const reported: string[] = [];
let listener: ((violation: string) => void) | undefined;

export function reportViolation(violation: string): void {
	reported.push(violation);
	listener?.(violation);
}

/** Everything reported since the last call, and forgets it. */
export function takeViolations(): string[] {
	return reported.splice(0, reported.length);
}

/** Also tells `onViolation` of each report as it comes (the dev setup prints them). */
export function onViolation(callback: ((violation: string) => void) | undefined): void {
	listener = callback;
}
