import type { IExecuteFunctions } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import {
	jobSummary,
	reportedRows,
	type ImportJob,
	type ImportTarget,
} from '../../helpers/importJobs';

/** Jobs not waited for: each as queued, on the item of its first row. */
export function queuedOutput(jobs: ImportJob[], outcomes: BatchOutcome[][]): void {
	for (const job of jobs) {
		outcomes[job.itemIndex].push({
			json: {
				batchId: job.batchId,
				importId: String(job.batchId),
				status: 'Queued',
				fileName: job.fileName,
				rows: job.rows,
				firstRow: job.firstRow,
			},
		});
	}
}

/**
 * Finished jobs: each job's summary, then one item per failed or warned row with the service's
 * reason, paired with the item the row came from (by its lookup value; else the job's item).
 */
export async function finishedOutput(
	ctx: IExecuteFunctions,
	target: ImportTarget,
	key: string,
	jobs: ImportJob[],
	outcomes: BatchOutcome[][],
): Promise<void> {
	for (const job of jobs) {
		outcomes[job.itemIndex].push({ json: jobSummary(job) });
		const rows = await reportedRows(
			ctx,
			target.object,
			job.batchId,
			job.status ?? {},
			target.format,
			job.itemIndex,
		);
		for (const json of rows) {
			const lookup = String(json.row[key] ?? '').toLowerCase();
			outcomes[job.itemOf?.get(lookup) ?? job.itemIndex].push({ json });
		}
	}
}
