import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { apiRequest, serviceCodeOf } from '../transport';
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

const QUOTA = /quota/i;
const ALREADY_QUEUED = /already queued/i;

/** Hours until the quota's reset (midnight US Central, daylight saving included), for the message. */
function hoursToQuotaReset(): number {
	const now = Date.now();
	return Math.max(1, Math.ceil((nextQuotaReset(now) - now) / 3_600_000));
}

function quotaError(ctx: IExecuteFunctions, error: NodeApiError, itemIndex: number, what: string) {
	return new NodeApiError(ctx.getNode(), { message: error.message } as never, {
		message: `The instance's daily export quota (500 MB of files) is used up (1029); ${what}`,
		description:
			`The quota resets at 12:00 AM US Central time, in about ${hoursToQuotaReset()} h. Run the node again after that, or narrow the filter. ${error.description ?? ''}`.trim(),
		itemIndex,
	});
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
				await cancelExport(ctx, object, exportId, itemIndex).catch(() => undefined);
				throw quotaError(
					ctx,
					error as NodeApiError,
					itemIndex,
					`export job ${exportId} was not queued and has been cancelled`,
				);
			}
			await deadline.wait(
				bulkSettings.queueFullWaitMs,
				() =>
					new NodeOperationError(
						ctx.getNode(),
						`The service's export queue stayed full (1029) until the time limit of ${deadline.seconds} s; export job ${exportId} was created but not queued`,
						{
							itemIndex,
							description:
								'The instance queues 10 export jobs (of every kind) and runs 2. Raise the Time Limit option, or cancel jobs you no longer need (Bulk Extract → Get Many, Cancel).',
						},
					),
			);
		}
	}
}

/** One call about one export job: its status, or its cancellation; `result[0]`. */
async function jobCall(
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

export const readExportStatus = async (
	ctx: IExecuteFunctions,
	object: ExportObject,
	exportId: string,
	itemIndex: number,
) => await jobCall(ctx, object, exportId, 'status', itemIndex);

export const cancelExport = async (
	ctx: IExecuteFunctions,
	object: ExportObject,
	exportId: string,
	itemIndex: number,
) => await jobCall(ctx, object, exportId, 'cancel', itemIndex);

const ENDED = new Set(['Failed', 'Cancelled', 'Canceled']);

/**
 * Waits for an export to complete. The service refreshes the status at most once a minute, so
 * the first read comes after `exportPollFirstMs` and the wait then doubles up to a minute.
 */
export async function awaitExport(
	ctx: IExecuteFunctions,
	object: ExportObject,
	exportId: string,
	itemIndex: number,
	deadline: Deadline,
): Promise<IDataObject> {
	let interval = bulkSettings.exportPollFirstMs;
	for (;;) {
		await deadline.wait(
			interval,
			() =>
				new NodeOperationError(
					ctx.getNode(),
					`Export job ${exportId} was still running at the time limit of ${deadline.seconds} s`,
					{
						itemIndex,
						description: `It goes on in the service. Download it later with Bulk Extract → Get File (export ID ${exportId}), or raise the Time Limit option.`,
					},
				),
		);
		interval = Math.min(interval * 2, bulkSettings.exportPollMaxMs);
		const status = await readExportStatus(ctx, object, exportId, itemIndex);
		if (status.status === 'Completed') return status;
		if (ENDED.has(String(status.status))) {
			throw new NodeApiError(ctx.getNode(), status as never, {
				message: `Export job ${exportId} ended as ${String(status.status)}${status.errorMsg ? `: ${String(status.errorMsg)}` : ''}`,
				description:
					'A failed or cancelled export cannot be resumed; run the node again to create a new job.',
				itemIndex,
			});
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
