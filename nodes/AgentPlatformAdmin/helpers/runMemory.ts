import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { mayHaveRun } from '../../shared/failure';

/**
 * What this n8n process knows of the runs it started, by run key (`runKey`: execution, node, node
 * run and item). n8n's Retry On Fail runs the whole node again in the same process and the same
 * execution, so a run whose call cannot carry a key (a sync tool run, a message to an existing
 * conversation, a workforce message) is recognised here instead of being started a second time.
 */
type RunMemory =
	/** The start was sent but no usable answer came: the run may be going on. */
	| { state: 'sent'; reason: string }
	/** The run started: what identifies it (a conversation, a task) to follow it again. */
	| { state: 'started'; started: IDataObject };

/** Entries kept at most: the oldest go first (a retry follows its first try within seconds). */
export const RUN_MEMORY_SIZE = 5000;

const memory = new Map<string, RunMemory>();

export function recallRun(key: string | undefined): RunMemory | undefined {
	return key === undefined ? undefined : memory.get(key);
}

export function rememberRun(key: string | undefined, entry: RunMemory): void {
	if (key === undefined) return;
	memory.delete(key);
	memory.set(key, entry);
	while (memory.size > RUN_MEMORY_SIZE) memory.delete(memory.keys().next().value as string);
}

/**
 * Runs `start` once per key: a repeat of a started run gets what `start` answered then (to follow
 * that run, not start another), and one whose start may have run throws `refuse(reason)` without a
 * call. Without a key (no execution id) every call starts.
 */
export async function startOnce(
	key: string | undefined,
	start: () => Promise<IDataObject>,
	refuse: (reason: string) => Error,
): Promise<{ started: IDataObject; repeat: boolean }> {
	const known = recallRun(key);
	if (known?.state === 'started') return { started: known.started, repeat: true };
	if (known?.state === 'sent') throw refuse(known.reason);
	rememberRun(key, { state: 'sent', reason: 'it gave no answer' });
	try {
		const started = await start();
		rememberRun(key, { state: 'started', started });
		return { started, repeat: false };
	} catch (error) {
		const failure = error as NodeApiError;
		if (mayHaveStarted(failure)) rememberRun(key, { state: 'sent', reason: failure.message });
		else if (key !== undefined) memory.delete(key);
		throw failure;
	}
}

/**
 * Whether a failed start may have started the run: a refusal by the service did not; no answer,
 * a cut-off one or the platform's sync limit (504, the run goes on) leaves it open.
 */
function mayHaveStarted(error: unknown): boolean {
	if (!(error instanceof NodeApiError)) return true;
	return mayHaveRun(error) || error.httpCode === '504';
}
