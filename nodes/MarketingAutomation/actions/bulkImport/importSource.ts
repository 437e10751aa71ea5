import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { bulkSettings } from '../../helpers/bulkSettings';
import { FileCutter, formatRow, type FilePart } from '../../helpers/delimited';
import { asNodeError } from '../../helpers/nodeError';

/** Fields the service sets itself: never written by an import. */
const READ_ONLY = new Set(['createdAt', 'updatedAt']);

/** Rows formatted to learn the size of a row before the files are cut. */
const SAMPLE_ROWS = 1000;

/** Bytes a file's header row is assumed to take at most when the rows are shared. */
const HEADER_ALLOWANCE = 4096;

/** Bytes of the item rows gathered before they are handed to the cutter. */
const CHUNK_BYTES = 1024 * 1024;

/** Hands one file to the job queue: the item it is paired with, and lookup value → item. */
export type SubmitPart = (
	part: FilePart,
	itemIndex: number,
	itemOf?: Map<string, number>,
) => Promise<void>;

/** An input item to import, and its lookup value (lower case). */
export interface SourceItem {
	itemIndex: number;
	json: IDataObject;
	lookup: string;
}

/**
 * The most bytes of rows (header not counted) per file for `totalBytes` of rows: from
 * `parallelSplitMinBytes` on, an even number of parts (at least 2, each under the service's size)
 * of about the same size, so the service's 2 processing slots both work to the end. Below it, no
 * sharing (Infinity): each file as full as the size limit allows.
 */
function shareOf(totalBytes: number): number {
	const { fileBytes, parallelSplitMinBytes } = bulkSettings;
	if (!(totalBytes >= parallelSplitMinBytes)) return Infinity;
	// Parts of the average size and 1 % more, with a header of up to 4 KB, stay under the limit.
	const needed = Math.ceil((totalBytes * 1.01) / (fileBytes - HEADER_ALLOWANCE));
	const parts = Math.max(2, needed + (needed % 2));
	return Math.ceil((totalBytes / parts) * 1.01);
}

/** The lookup field's value of an item (e-mail for program members), required before any call. */
export function readSourceItem(ctx: IExecuteFunctions, itemIndex: number, key: string): SourceItem {
	const json = ctx.getInputData()[itemIndex].json;
	const value = json[key];
	if (value === undefined || value === null || String(value).trim() === '') {
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex} has no '${key}', the field that identifies the lead`,
			{
				itemIndex,
				description: `Give every item the field '${key}' (or choose another Lookup Field).`,
			},
		);
	}
	return { itemIndex, json, lookup: String(value).toLowerCase() };
}

/** The columns of the items' file: every field any item has, read-only fields left out. */
function columnsOf(items: SourceItem[]): string[] {
	const columns: string[] = [];
	const seen = new Set<string>();
	for (const { json } of items) {
		for (const name of Object.keys(json)) {
			if (!seen.has(name) && !READ_ONLY.has(name)) {
				seen.add(name);
				columns.push(name);
			}
		}
	}
	return columns;
}

const rowOf = (columns: string[], item: SourceItem) =>
	formatRow(
		columns.map((c) => item.json[c]),
		',',
	);

/**
 * The items whose row alone, with the header, is larger than an import file may be, with its
 * size in bytes. A row is formatted only when its values could reach the limit: a cell takes at
 * most 6 bytes per character (3 in UTF-8, quotes doubled) and 3 more (quotes, delimiter).
 */
export function oversizedRows(items: SourceItem[]): Array<{ item: SourceItem; bytes: number }> {
	const columns = columnsOf(items);
	const room = bulkSettings.fileBytes - Buffer.byteLength(formatRow(columns, ','));
	const oversized: Array<{ item: SourceItem; bytes: number }> = [];
	for (const item of items) {
		let bound = 0;
		for (const column of columns) {
			const value = item.json[column];
			const length =
				typeof value === 'object' && value !== null
					? JSON.stringify(value).length
					: String(value ?? '').length;
			bound += length * 6 + 3;
		}
		if (bound <= room) continue;
		const bytes = Buffer.byteLength(rowOf(columns, item));
		if (bytes > room) oversized.push({ item, bytes });
	}
	return oversized;
}

/**
 * The items as CSV files: one column per field any item has (read-only fields left out), rows
 * gathered in chunks of about 1 MB and cut into files. A failure is returned with the items of
 * the file being submitted (or all items, before the first file); nothing is submitted after it.
 */
export async function submitItems(
	items: SourceItem[],
	submit: SubmitPart,
): Promise<SourceFailure | undefined> {
	const columns = columnsOf(items);
	const header = formatRow(columns, ',');
	// Rows spread over the whole input, as values tend to grow along it (counters, IDs).
	let sampleBytes = 0;
	const sample = Math.min(items.length, SAMPLE_ROWS);
	for (let k = 0; k < sample; k++) {
		sampleBytes += Buffer.byteLength(
			rowOf(columns, items[Math.floor((k * items.length) / sample)]),
		);
	}
	const estimate = Buffer.byteLength(header) + (sampleBytes / sample) * items.length;
	const share = shareOf(estimate);
	let submitting: number[] = items.map((item) => item.itemIndex);
	const cutter = new FileCutter(
		bulkSettings.fileBytes,
		async (part) => {
			const from = part.firstRow - 1;
			const itemOf = new Map<string, number>();
			for (let k = from; k < from + part.rows; k++) itemOf.set(items[k].lookup, items[k].itemIndex);
			submitting = items.slice(from, from + part.rows).map((item) => item.itemIndex);
			await submit(part, items[from].itemIndex, itemOf);
		},
		share,
	);
	try {
		let chunk = header;
		for (const item of items) {
			chunk += rowOf(columns, item);
			if (chunk.length >= CHUNK_BYTES) {
				await cutter.push(Buffer.from(chunk));
				chunk = '';
			}
		}
		await cutter.push(Buffer.from(chunk));
		await cutter.end();
		return undefined;
	} catch (error) {
		return { cause: error, itemIndexes: submitting };
	}
}

/** A failure while the items were read or submitted, and the items it concerns. */
interface SourceFailure {
	cause: unknown;
	itemIndexes: number[];
}

/**
 * A binary CSV, TSV or SSV file of an item, read in chunks and cut into files on row boundaries
 * (a row too large for one file is bad input, named with the fix).
 */
export async function submitBinary(
	ctx: IExecuteFunctions,
	itemIndex: number,
	submit: SubmitPart,
): Promise<void> {
	const property = ctx.getNodeParameter('binaryPropertyName', itemIndex) as string;
	const binary = ctx.helpers.assertBinaryData(itemIndex, property);
	const total = binary.bytes ?? (binary.id ? undefined : Math.floor((binary.data.length * 3) / 4));
	const cutter = new FileCutter(
		bulkSettings.fileBytes,
		async (part) => await submit(part, itemIndex),
		shareOf(total ?? 0),
	);
	try {
		if (binary.id) {
			const stream = await ctx.helpers.getBinaryStream(binary.id, bulkSettings.readChunkBytes);
			for await (const chunk of stream) await cutter.push(chunk as Buffer);
		} else {
			const bytes = Buffer.from(binary.data, 'base64');
			for (let at = 0; at < bytes.length; at += bulkSettings.readChunkBytes) {
				await cutter.push(bytes.subarray(at, at + bulkSettings.readChunkBytes));
			}
		}
		await cutter.end();
	} catch (error) {
		if (!(error instanceof RangeError)) throw asNodeError(ctx, error, itemIndex);
		throw new NodeOperationError(ctx.getNode(), error, {
			itemIndex,
			description:
				'Split the row or remove the oversized value: one import file holds at most 10 MB.',
		});
	}
}
