import type { IDataObject, IExecuteFunctions, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { apiFileRequest, apiRead, apiRequest, serviceCodeOf } from '../transport';
import { bulkSettings } from './bulkSettings';
import { asNodeError } from './nodeError';
import { DELIMITERS, MIME_TYPES, RowReader, type BulkFormat } from './delimited';

export type ImportObject = 'leads' | 'programMembers';

/** Where and how a file is imported: the object, and the parameters the service reads. */
export interface ImportTarget {
	object: ImportObject;
	format: BulkFormat;
	lookupField?: string;
	listId?: number;
	partitionName?: string;
	programId?: number;
	programMemberStatus?: string;
}

/** A file submitted as an import job, and the input items its rows came from. */
export interface ImportJob {
	batchId: number;
	fileName: string;
	rows: number;
	firstRow: number;
	/** The item the job's summary is paired with (the first row's item). */
	itemIndex: number;
	/** Lookup value (lower case) → item, to pair failed and warned rows; absent for files. */
	itemOf?: Map<string, number>;
	status?: IDataObject;
	/** When the service took the file (ms since the epoch). */
	submittedAt: number;
	/** When a poll last found it unfinished, and when one found it finished. */
	openAt?: number;
	finishedBy?: number;
}

/** The import's status, failures and warnings paths: the two objects name them differently. */
function importPaths(object: ImportObject, batchId: number) {
	const base =
		object === 'leads'
			? `/bulk/v1/leads/batch/${batchId}`
			: `/bulk/v1/program/members/import/${batchId}`;
	return {
		status: object === 'leads' ? `${base}.json` : `${base}/status.json`,
		failures: `${base}/failures.json`,
		warnings: `${base}/warnings.json`,
	};
}

export const isFinished = (status: unknown) => status === 'Complete' || status === 'Failed';

/** A time limit of the node's run: jobs keep running in the service after it. */
export class Deadline {
	readonly at: number;
	constructor(
		private readonly node: INode,
		readonly seconds: number,
	) {
		this.at = Date.now() + seconds * 1000;
	}
	get left(): number {
		return this.at - Date.now();
	}
	/** Waits `ms`, or fails item `itemIndex` as `expired()` says when the limit would pass first. */
	async wait(
		ms: number,
		itemIndex: number,
		expired: () => { message: string; description: string },
	): Promise<void> {
		if (this.left <= 0) {
			const { message, description } = expired();
			throw new NodeOperationError(this.node, message, { itemIndex, description });
		}
		await sleep(Math.max(0, Math.min(ms, this.left)));
	}
}

/**
 * Submits one file. A full queue (1016) or a list being imported to (1019) means the service did
 * not take the file: it is sent again after a wait, until the time limit. Any ambiguous failure
 * (no answer, cut answer, HTTP 5xx) is not repeated: the file may be queued, and the error names it.
 */
export async function submitFile(
	ctx: IExecuteFunctions,
	target: ImportTarget,
	file: { name: string; content: Buffer; rows: number; firstRow: number },
	earlier: ImportJob[],
	itemIndex: number,
	deadline: Deadline,
): Promise<number> {
	const qs: IDataObject =
		target.object === 'leads'
			? {
					format: target.format,
					lookupField: target.lookupField,
					listId: target.listId,
					partitionName: target.partitionName,
				}
			: { format: target.format.toUpperCase(), programMemberStatus: target.programMemberStatus };
	const path =
		target.object === 'leads'
			? '/bulk/v1/leads.json'
			: `/bulk/v1/program/${target.programId}/members/import.json`;
	const rows = `rows ${file.firstRow} to ${file.firstRow + file.rows - 1}`;
	const before = earlier.length
		? ` The jobs submitted before it have batch IDs ${earlier.map((j) => j.batchId).join(', ')}.`
		: '';
	for (;;) {
		try {
			const answer = await apiRequest.call(ctx, {
				method: 'POST',
				path,
				qs,
				multipart: {
					fileName: file.name,
					contentType: MIME_TYPES[target.format],
					content: file.content,
				},
				safeToRepeat: false,
				itemIndex,
				ambiguity: {
					message: `The upload of ${file.name} (${rows}) got no clear answer, so it may be queued as an import job; it was not sent again`,
					fix: `Sending it again could import these rows twice. Check the instance's bulk import jobs (Bulk Import → Get Status with the batch IDs that follow the last one you know) for a job of ${file.rows} rows named ${file.name} before running the node again.${before}`,
				},
			});
			const batchId = Number(answer.result?.[0]?.batchId);
			if (!Number.isInteger(batchId)) {
				throw new NodeApiError(ctx.getNode(), answer as IDataObject as never, {
					message: `The service accepted ${file.name} but sent no batch ID`,
					description: `Check the instance's bulk import jobs for ${file.name} before running the node again.${before}`,
					itemIndex,
				});
			}
			return batchId;
		} catch (error) {
			if ((error as NodeApiError).httpCode === '413') {
				throw new NodeApiError(ctx.getNode(), { message: (error as Error).message } as JsonObject, {
					message: `The service refused ${file.name} (${rows}, ${file.content.length} bytes) as too large (HTTP 413); it was not imported`,
					description: `The service takes files of at most 10 MB per import call; this node cuts files at 9.8 MB. Check that the file is a plain CSV, TSV or SSV file, then run the node again.${before}`,
					httpCode: '413',
					itemIndex,
				});
			}
			const code = serviceCodeOf(error);
			if (code !== '1016' && code !== '1019') throw asNodeError(ctx, error, itemIndex);
			await deadline.wait(bulkSettings.queueFullWaitMs, itemIndex, () => ({
				message: `The service's import queue stayed full (${code}) until the time limit of ${deadline.seconds} s; ${file.name} (${rows}) was not submitted`,
				description: `${code === '1016' ? 'The instance runs 2 imports at a time and queues 10.' : 'Another import to the same list is running.'} Raise the Time Limit option or run the node again later.${before}`,
			}));
		}
	}
}

/** One import job's status (`result[0]`). */
export async function readImportStatus(
	ctx: IExecuteFunctions,
	object: ImportObject,
	batchId: number,
	itemIndex: number,
): Promise<IDataObject> {
	const answer = await apiRead.call(ctx, importPaths(object, batchId).status, { itemIndex });
	return answer.result?.[0] ?? {};
}

/** A failed or warned row: its fields by header name, and the service's reason. */
interface RowReport {
	reason: string;
	row: IDataObject;
}

/**
 * The failures or warnings file of a finished job: each row with the reason in its last column.
 * HTTP 404 means there is none.
 */
async function readRowReports(
	ctx: IExecuteFunctions,
	object: ImportObject,
	batchId: number,
	kind: 'failures' | 'warnings',
	format: BulkFormat,
	itemIndex: number,
): Promise<RowReport[]> {
	let body: Buffer;
	try {
		const answer = await apiFileRequest.call(ctx, {
			method: 'GET',
			path: importPaths(object, batchId)[kind],
			headers: { Accept: 'text/csv, */*' },
			safeToRepeat: true,
			itemIndex,
		});
		body = answer.body;
	} catch (error) {
		if (error instanceof NodeApiError && error.httpCode === '404') return [];
		throw asNodeError(ctx, error, itemIndex);
	}
	const reports: RowReport[] = [];
	let header: string[] | undefined;
	const reader = new RowReader(DELIMITERS[format], (cells) => {
		if (!header) {
			header = cells;
			return;
		}
		const row: IDataObject = {};
		for (let i = 0; i < header.length - 1; i++) row[header[i]] = cells[i] ?? '';
		reports.push({ reason: cells[header.length - 1] ?? '', row });
	});
	reader.push(body);
	reader.end();
	return reports;
}

/**
 * A finished job's failed and warned rows, one record each with the service's reason: its figures
 * say which of the failures and warnings files to read.
 */
export async function reportedRows(
	ctx: IExecuteFunctions,
	object: ImportObject,
	batchId: number,
	status: IDataObject,
	format: BulkFormat,
	itemIndex: number,
): Promise<Array<IDataObject & { row: IDataObject }>> {
	const rows: Array<IDataObject & { row: IDataObject }> = [];
	for (const kind of ['failures', 'warnings'] as const) {
		if (!Number(status[kind === 'failures' ? 'numOfRowsFailed' : 'numOfRowsWithWarning'])) continue;
		for (const { reason, row } of await readRowReports(
			ctx,
			object,
			batchId,
			kind,
			format,
			itemIndex,
		)) {
			rows.push({ batchId, outcome: kind === 'failures' ? 'failed' : 'warning', reason, row });
		}
	}
	return rows;
}

/** A finished job's summary item: the service's figures, and which file it was. */
export function jobSummary(job: ImportJob): IDataObject {
	return {
		...job.status,
		batchId: job.batchId,
		fileName: job.fileName,
		rows: job.rows,
		firstRow: job.firstRow,
	};
}
