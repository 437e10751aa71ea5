import type { IExecuteFunctions } from 'n8n-workflow';

import { bulkSettings } from './bulkSettings';
import {
	isFinished,
	readImportStatus,
	type Deadline,
	type ImportJob,
	type ImportObject,
} from './importJobs';

/** The service runs 2 of an instance's imports at once, in the order they were submitted. */
const SLOTS = 2;

/**
 * When each job finished or should finish (ms since the epoch), modelled on the service: jobs
 * start in submission order when one of the 2 slots is free, and take a time per row learnt from
 * the jobs seen finished (each finish taken as the middle between the poll that found it open and
 * the one that found it done). Undefined until a job has been seen finished.
 */
export function finishTimes(jobs: ImportJob[]): Array<number | undefined> {
	const seen: number[] = [];
	const starts: number[] = [];
	let rows = 0;
	let spent = 0;
	const startOf = (index: number) => {
		const earlier = seen.slice(0, index).sort((a, b) => a - b);
		const slotFree = index >= SLOTS ? earlier[index - SLOTS] : 0;
		return Math.max(jobs[index].submittedAt, slotFree ?? 0);
	};
	// Finished jobs, in order, teach the pace; jobs after the first open one are only predicted.
	// A job never seen running may have ended anywhere since its start: it teaches the pace only
	// when no job was seen running (its middle would make the pace look up to twice as fast).
	const finished: number[] = [];
	for (let i = 0; i < jobs.length && jobs[i].finishedBy !== undefined; i++) finished.push(i);
	const seenRunning = finished.some((i) => jobs[i].openAt !== undefined);
	for (const i of finished) {
		const job = jobs[i];
		starts[i] = startOf(i);
		const from = Math.max(starts[i], job.openAt ?? starts[i]);
		seen[i] = (from + job.finishedBy!) / 2;
		if (seenRunning && job.openAt === undefined) continue;
		rows += job.rows;
		spent += Math.max(0, seen[i] - starts[i]);
	}
	if (rows === 0) return [];
	const msPerRow = spent / rows;
	for (let i = seen.length; i < jobs.length; i++) {
		if (jobs[i].finishedBy !== undefined) {
			seen[i] = jobs[i].finishedBy!;
			continue;
		}
		seen[i] = startOf(i) + jobs[i].rows * msPerRow;
	}
	return seen;
}

/**
 * Waits until fewer than `stopWhenOpenBelow` jobs are unfinished (by default: all finished),
 * reading the status of the oldest unfinished one first (jobs run in submission order). Until a
 * job has been seen finished, and whenever a guess was early, the wait doubles from 5 to 30 s (the
 * service's advice); once the pace is known, the next read comes when the oldest open job should
 * finish (at most 5 min on), since a read before then would only spend a call.
 */
export async function awaitImports(
	ctx: IExecuteFunctions,
	object: ImportObject,
	jobs: ImportJob[],
	deadline: Deadline,
	stopWhenOpenBelow = 1,
): Promise<void> {
	let interval = bulkSettings.importPollFirstMs;
	let guessMissed = false;
	for (;;) {
		const open = jobs.filter((job) => !isFinished(job.status?.status));
		if (open.length < stopWhenOpenBelow) return;
		const expected: number | undefined = guessMissed
			? undefined
			: finishTimes(jobs)[jobs.indexOf(open[0])];
		const wait: number =
			expected === undefined
				? interval
				: Math.min(
						bulkSettings.importPollPredictedMaxMs,
						Math.max(bulkSettings.importPollFirstMs, expected - Date.now()),
					);
		await deadline.wait(wait, open[0].itemIndex, () => {
			const ids = open.map((job) => job.batchId).join(', ');
			return {
				message: `Bulk import jobs ${ids} were still running at the time limit of ${deadline.seconds} s`,
				description: `They go on in the service. Read their results later with Bulk Import → Get Status (batch IDs ${ids}), or raise the Time Limit option.`,
			};
		});
		// A guess that came before the job finished is not trusted again until a job finishes: the
		// waits double again from the shortest.
		if (expected !== undefined && expected <= Date.now()) guessMissed = true;
		interval =
			expected === undefined
				? Math.min(interval * 2, bulkSettings.importPollMaxMs)
				: bulkSettings.importPollFirstMs;
		for (const job of open) {
			job.status = await readImportStatus(ctx, object, job.batchId, job.itemIndex);
			if (!isFinished(job.status.status)) {
				job.openAt = Date.now();
				break;
			}
			job.finishedBy = Date.now();
			interval = bulkSettings.importPollFirstMs;
			guessMissed = false;
		}
	}
}
