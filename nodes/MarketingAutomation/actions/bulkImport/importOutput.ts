import type { IExecuteFunctions } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import {
	jobSummary,
	readRowReports,
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
		for (const kind of ['failures', 'warnings'] as const) {
			const count = Number(
				job.status?.[kind === 'failures' ? 'numOfRowsFailed' : 'numOfRowsWithWarning'] ?? 0,
			);
			if (count === 0) continue;
			const reports = await readRowReports(
				ctx,
				target.object,
				job.batchId,
				kind,
				target.format,
				job.itemIndex,
			);
			for (const report of reports) {
				const lookup = String(report.row[key] ?? '').toLowerCase();
				const itemIndex = job.itemOf?.get(lookup) ?? job.itemIndex;
				outcomes[itemIndex].push({
					json: {
						batchId: job.batchId,
						outcome: kind === 'failures' ? 'failed' : 'warning',
						reason: report.reason,
						row: report.row,
					},
				});
			}
		}
	}
}
