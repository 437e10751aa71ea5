import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiRequest, serviceCodeOf } from '../transport';
import type { Refusal } from '../transport/types';
import { downloadInRanges } from '../transport/download';
import { nextQuotaReset } from '../transport/throttle';
import { bulkSettings } from './bulkSettings';
import { asNodeError } from './nodeError';
import type { Deadline } from './importJobs';

export type ExportObject = 'leads' | 'activities' | 'programMembers';

/** `/bulk/v1/{leads|activities|program/members}/export`. */
export function exportBase(object: ExportObject): string {
	return `/bulk/v1/${object === 'programMembers' ? 'program/members' : object}/export`;
}

/**
 * Activity types the bulk extract refuses, by ID: Delete Lead (read deleted leads with the
 * activities' `deletedleads` call instead).
 */
export const EXTRACT_REFUSED_ACTIVITY_TYPES: ReadonlyMap<number, string> = new Map([
	[37, 'Delete Lead'],
]);

const QUOTA = /quota/i;
const ALREADY_QUEUED = /already queued/i;

function quotaError(ctx: IExecuteFunctions, error: NodeApiError, itemIndex: number, what: string) {
	// Hours until the quota's reset (midnight US Central, daylight saving included).
	const now = Date.now();
	const hours = Math.max(1, Math.ceil((nextQuotaReset(now) - now) / 3_600_000));
	return new NodeApiError(ctx.getNode(), { message: error.message } as never, {
		message: `The instance's daily export quota (500 MB of files) is used up (1029); ${what}`,
		description:
			`The quota resets at 12:00 AM US Central time, in about ${hours} h. Run the node again after that, or narrow the filter. ${error.description ?? ''}`.trim(),
		itemIndex,
	});
}

/** The date window of a job's filter (Created / Updated Between), if it has one. */
function windowOf(body: IDataObject): IDataObject | undefined {
	const filter = (body.filter ?? {}) as IDataObject;
	return (filter.createdAt ?? filter.updatedAt) as IDataObject | undefined;
}

/** What a job exports, for messages: "of leads from <start> to <end>". */
function jobSubject(object: ExportObject, body: IDataObject): string {
	const range = windowOf(body);
	const words = object === 'programMembers' ? 'program members' : object;
	return `of ${words}${range ? ` from ${String(range.startAt)} to ${String(range.endAt)}` : ''}`;
}

/**
 * What the create call's refusals mean: 1003 names the job's window (a range is cut into several),
 * 1035 (a filter the subscription lacks) points to the filters every subscription has.
 */
function createRefusals(object: ExportObject, body: IDataObject): Record<string, Refusal> {
	const range = windowOf(body);
	const job = `the export job ${jobSubject(object, body)}`;
	return {
		'1003': (serviceMessage) => ({
			message: `The service refused ${job} (1003): ${serviceMessage}`,
			fix: range
				? "Check From and To and the other settings of this job: the service takes at most 31 days per job (both ends included) and the service's field names."
				: "Check the filter and the fields (the service's field names).",
		}),
		'1035': (serviceMessage) => ({
			message: `The service refused the call (1035): ${serviceMessage}`,
			fix: "This subscription does not offer the Updated Between or In Smart List filters of a lead extract. Use Created Between (the leads' creation date) or In Static List instead.",
		}),
	};
}

/**
 * Creates an export job and queues it. A full queue (1029 "too many jobs") is waited out until
 * the time limit; the daily quota (1029 "quota") stops with a message naming it and its reset (a
 * created job is cancelled then, so it does not linger). Enqueueing again after an unclear answer
 * is harmless: "Job already queued" counts as queued.
 */
export async function startExport(
	ctx: IExecuteFunctions,
	object: ExportObject,
	body: IDataObject,
	itemIndex: number,
	deadline: Deadline,
): Promise<string> {
	const base = exportBase(object);
	let exportId: string;
	try {
		const created = await apiRequest.call(ctx, {
			method: 'POST',
			path: `${base}/create.json`,
			body,
			refusals: createRefusals(object, body),
			// A created job is not queued and spends nothing: a repeat only leaves an unused job.
			safeToRepeat: true,
			itemIndex,
		});
		exportId = String(created.result?.[0]?.exportId ?? '');
	} catch (error) {
		if (serviceCodeOf(error) === '1029' && QUOTA.test((error as Error).message)) {
			throw quotaError(ctx, error as NodeApiError, itemIndex, 'no export job was created');
		}
		throw asNodeError(ctx, error, itemIndex);
	}
	for (;;) {
		try {
			await apiRequest.call(ctx, {
				method: 'POST',
				path: `${base}/${exportId}/enqueue.json`,
				safeToRepeat: true,
				itemIndex,
			});
			return exportId;
		} catch (error) {
			if (serviceCodeOf(error) !== '1029') throw asNodeError(ctx, error, itemIndex);
			const message = (error as Error).message;
			if (ALREADY_QUEUED.test(message)) return exportId;
			if (QUOTA.test(message)) {
				await exportJobCall(ctx, object, exportId, 'cancel', itemIndex).catch(() => undefined);
				throw quotaError(
					ctx,
					error as NodeApiError,
					itemIndex,
					`export job ${exportId} was not queued and has been cancelled`,
				);
			}
			await deadline.wait(bulkSettings.queueFullWaitMs, itemIndex, () => ({
				message: `The service's export queue stayed full (1029) until the time limit of ${deadline.seconds} s; export job ${exportId} was created but not queued`,
				description:
					'The instance queues 10 export jobs (of every kind) and runs 2. Raise the Time Limit option, or cancel jobs you no longer need (Bulk Extract → Get Many, Cancel).',
			}));
		}
	}
}

/** One call about one export job, `result[0]`: its status, or its cancellation. */
export async function exportJobCall(
	ctx: IExecuteFunctions,
	object: ExportObject,
	exportId: string,
	action: 'status' | 'cancel',
	itemIndex: number,
): Promise<IDataObject> {
	const answer = await apiRequest.call(ctx, {
		method: action === 'status' ? 'GET' : 'POST',
		path: `${exportBase(object)}/${exportId}/${action}.json`,
		safeToRepeat: true,
		itemIndex,
	});
	return answer.result?.[0] ?? {};
}

const ENDED = new Set(['Failed', 'Cancelled', 'Canceled']);

/**
 * Waits for an export to complete, reading its status `intervalMs` apart (by default a minute: the
 * service refreshes it at most that often). A job that fails names its window (`body`), so the
 * user can run that window again.
 */
export async function awaitExport(
	ctx: IExecuteFunctions,
	object: ExportObject,
	exportId: string,
	body: IDataObject,
	itemIndex: number,
	deadline: Deadline,
	intervalMs = bulkSettings.exportPollMs,
): Promise<IDataObject> {
	for (;;) {
		await deadline.wait(intervalMs, itemIndex, () => ({
			message: `Export job ${exportId} was still running at the time limit of ${deadline.seconds} s`,
			description: `It goes on in the service. Download it later with Bulk Extract → Get File (export ID ${exportId}), or raise the Time Limit option.`,
		}));
		const status = await exportJobCall(ctx, object, exportId, 'status', itemIndex);
		if (status.status === 'Completed') return status;
		if (ENDED.has(String(status.status))) {
			const range = windowOf(body);
			throw new NodeApiError(ctx.getNode(), status as never, {
				message: `Export job ${exportId} ${jobSubject(object, body)} ended as ${String(status.status)}${status.errorMsg ? `: ${String(status.errorMsg)}` : ''}`,
				description: range
					? `A failed or cancelled export cannot be resumed. Run the node again with From ${String(range.startAt)} and To ${String(range.endAt)} to export this window in a new job.`
					: 'A failed or cancelled export cannot be resumed; run the node again to create a new job.',
				itemIndex,
			});
		}
	}
}

/** An export job this run queued and did not wait for. */
export interface OpenExport {
	object: ExportObject;
	exportId: string;
}

/**
 * Waits until fewer than `limit` of the run's own export jobs are queued or processing, so the
 * next job takes no more than its share of the instance's one queue. Their statuses are read
 * `intervalMs` apart (by default a minute: the service refreshes them no more often).
 */
export async function awaitExportSlot(
	ctx: IExecuteFunctions,
	open: OpenExport[],
	limit: number,
	itemIndex: number,
	deadline: Deadline,
	intervalMs = bulkSettings.exportPollMs,
): Promise<void> {
	while (open.length >= limit) {
		await deadline.wait(intervalMs, itemIndex, () => ({
			message: `${open.length} export jobs of this run were still open at the time limit of ${deadline.seconds} seconds; no further job was created`,
			description: `The node keeps at most ${limit} of its export jobs open at once. Raise the Time Limit or the Open Jobs at Once option, or run the node again later. Open jobs: ${open.map((job) => job.exportId).join(', ')}.`,
		}));
		for (const job of [...open]) {
			const status = await exportJobCall(ctx, job.object, job.exportId, 'status', itemIndex);
			if (status.status === 'Completed' || ENDED.has(String(status.status))) {
				open.splice(open.indexOf(job), 1);
			}
		}
	}
}

/** The file of a completed export, in `Range` chunks, checked against its SHA-256. */
export function exportFile(
	ctx: IExecuteFunctions,
	object: ExportObject,
	status: IDataObject,
	itemIndex: number,
): AsyncGenerator<Buffer> {
	return downloadInRanges(ctx, {
		path: `${exportBase(object)}/${String(status.exportId)}/file.json`,
		size: Number(status.fileSize ?? 0),
		checksum: status.fileChecksum as string | undefined,
		chunkBytes: bulkSettings.downloadChunkBytes,
		itemIndex,
	});
}
