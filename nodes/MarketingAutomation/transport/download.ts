import { createHash } from 'crypto';
import type { JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiFileRequest, type MarketingContext } from './index';

interface RangedDownload {
	/** The export's `file.json` path. */
	path: string;
	/** The job's `fileSize` (bytes). */
	size: number;
	/** The job's `fileChecksum` (`sha256:<hex>`); verified when given. */
	checksum?: string;
	/** Bytes asked for per call (`Range: bytes=a-b`). */
	chunkBytes: number;
	itemIndex: number;
}

/**
 * The file of a finished export, in `Range` chunks of `chunkBytes`, one call each through the
 * limiter. A call cut off is retried by the transport (a read is safe to repeat) from the chunk's
 * first byte, and a short answer continues from the last byte received, so a cut connection
 * resumes instead of starting over. The SHA-256 of all bytes is checked against the job's
 * checksum at the end; a mismatch throws (the caller has not finished its output yet).
 */
export async function* downloadInRanges(
	ctx: MarketingContext,
	download: RangedDownload,
): AsyncGenerator<Buffer> {
	const hash = createHash('sha256');
	let offset = 0;
	while (offset < download.size) {
		const last = Math.min(download.size, offset + download.chunkBytes) - 1;
		const answer = await apiFileRequest.call(ctx, {
			method: 'GET',
			path: download.path,
			headers: { Range: `bytes=${offset}-${last}`, Accept: 'text/csv, */*' },
			safeToRepeat: true,
			itemIndex: download.itemIndex,
		});
		// A service that ignores Range answers 200 with the whole file: keep what is still missing.
		const bytes = answer.status === 200 ? answer.body.subarray(offset) : answer.body;
		if (bytes.length === 0) break;
		hash.update(bytes);
		offset += bytes.length;
		yield bytes;
		if (answer.status === 200) break;
	}
	if (offset !== download.size) {
		throw new NodeApiError(ctx.getNode(), { message: 'short file' } as JsonObject, {
			message: `The export file ended after ${offset} of its ${download.size} bytes`,
			description:
				'The service sent less than the size it reported for the job. Run the node again: the file is downloaded anew (downloads spend no export quota).',
			itemIndex: download.itemIndex,
		});
	}
	const expected = download.checksum?.replace(/^sha256:/i, '').toLowerCase();
	const actual = hash.digest('hex');
	if (expected && expected !== actual) {
		throw new NodeApiError(ctx.getNode(), { message: 'checksum mismatch' } as JsonObject, {
			message: `The export file's SHA-256 checksum does not match the job's (${download.checksum})`,
			description: `The downloaded bytes hash to sha256:${actual}. The file was damaged on the way; run the node again to download it anew (downloads spend no export quota).`,
			itemIndex: download.itemIndex,
		});
	}
}
