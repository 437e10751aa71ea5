import type { IBinaryKeyData } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { bulkSettings } from '../../../../nodes/MarketingAutomation/helpers/bulkSettings';
import type { MarketingCall } from '../../../simulator/marketing';
import { useMarketing } from '../helpers';

/** Bulk jobs that finish in milliseconds, and polls and queue waits to match. */
export const FAST_BULK = { startupMs: 20, rowsPerSecond: 200_000, statusRefreshMs: 0 };

export function fastBulkSettings(overrides: Partial<typeof bulkSettings> = {}) {
	const settings: Partial<typeof bulkSettings> = {
		importPollFirstMs: 10,
		importPollMaxMs: 40,
		importPollPredictedMaxMs: 200,
		exportPollMs: 10,
		queueFullWaitMs: 10,
		...overrides,
	};
	for (const key of Object.keys(settings) as Array<keyof typeof bulkSettings>) {
		jest.replaceProperty(bulkSettings, key, settings[key] as number);
	}
}

/** The marketing simulator with fast bulk jobs, and fast bulk settings for every test. */
export function useBulkMarketing() {
	const env = useMarketing({ bulk: FAST_BULK });
	beforeEach(() => {
		fastBulkSettings();
		const bulk = env.sim.services.marketing.bulk;
		Object.assign(bulk, FAST_BULK, {
			exportQuotaBytes: 500 * 1024 * 1024,
			updatedAtFilter: true,
			damagedDownloads: 0,
		});
		bulk.imports.length = 0;
		bulk.exports.length = 0;
		bulk.exportedBytes.clear();
		bulk.failingExports.clear();
		bulk.peakOpenImports = 0;
		bulk.peakOpenExports = 0;
		bulk.holdUntilOpen = 0;
	});
	return env;
}

/** Waits (bounded: 200 × 25 ms) until the simulator's bulk jobs have all finished. */
export async function jobsFinished(env: ReturnType<typeof useMarketing>): Promise<void> {
	const bulk = env.sim.services.marketing.bulk;
	for (let i = 0; i < 200; i++) {
		bulk.advance(Date.now());
		const open = [...bulk.imports, ...bulk.exports].filter((job) =>
			['Queued', 'Importing', 'Processing'].includes(job.status),
		);
		if (open.length === 0) return;
		await sleep(25);
	}
	throw new Error('The bulk jobs of the simulator did not finish within 5 s');
}

/** The file part of a multipart upload the simulator recorded. */
export function uploadedFile(call: MarketingCall): { filename: string; content: string } {
	const raw = String(call.body);
	const match =
		/filename="([^"]*)"\r\nContent-Type: [^\r]*\r\n\r\n([\s\S]*)\r\n--[^\r\n]*--\r\n$/.exec(raw);
	if (!match) throw new Error(`Not a multipart upload: ${raw.slice(0, 200)}`);
	return { filename: match[1], content: match[2] };
}

/** An in-memory binary file (as n8n keeps it without a binary data store). */
export function csvBinary(text: string, fileName = 'leads.csv'): IBinaryKeyData {
	return {
		data: {
			data: Buffer.from(text, 'utf8').toString('base64'),
			mimeType: 'text/csv',
			fileName,
		},
	};
}
