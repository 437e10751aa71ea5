import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { BatchOutcome } from '../../shared/router';
import { apiRead } from '../transport';
import { RowReader } from './delimited';
import { exportFile, type ExportObject } from './exportJobs';

/** Columns of activity and program-member exports that are not lead fields. */
const KNOWN_TYPES: Record<string, string> = {
	leadId: 'integer',
	activityTypeId: 'integer',
	campaignId: 'integer',
	primaryAttributeValueId: 'integer',
	programId: 'integer',
	reachedSuccess: 'boolean',
	isExhausted: 'boolean',
	acquiredBy: 'boolean',
	attributes: 'json',
};

/** Column types: the instance's lead fields (one describe call) and the known export columns. */
async function columnTypes(
	ctx: IExecuteFunctions,
	object: ExportObject,
	itemIndex: number,
): Promise<Map<string, string>> {
	const types = new Map<string, string>();
	if (object !== 'activities') {
		const answer = await apiRead.call(ctx, '/rest/v1/leads/describe2.json', { itemIndex });
		const fields = (answer.result?.[0]?.fields ?? []) as IDataObject[];
		for (const field of fields) types.set(String(field.name), String(field.dataType));
	}
	for (const [name, type] of Object.entries(KNOWN_TYPES)) types.set(name, type);
	return types;
}

/** A cell as its column's type; the service writes empty values as the literal `null`. */
function typed(raw: string, type: string | undefined): unknown {
	if (raw === 'null' || raw === '') return null;
	switch (type) {
		case 'integer':
		case 'float':
		case 'currency':
		case 'percent': {
			const number = Number(raw);
			return Number.isFinite(number) ? number : raw;
		}
		case 'boolean':
			return raw === 'true' || raw === '1';
		case 'json':
			try {
				return JSON.parse(raw) as unknown;
			} catch {
				return raw;
			}
		default:
			return raw;
	}
}

/**
 * The rows of a completed export as items (typed columns), read chunk by chunk: only the current
 * chunk's text and the items built so far are held, never the whole file's text.
 */
export async function exportRows(
	ctx: IExecuteFunctions,
	object: ExportObject,
	status: IDataObject,
	itemIndex: number,
): Promise<BatchOutcome[]> {
	const types = await columnTypes(ctx, object, itemIndex);
	const rows: BatchOutcome[] = [];
	let header: string[] | undefined;
	let columnType: Array<string | undefined> = [];
	const reader = new RowReader(',', (cells) => {
		if (!header) {
			header = cells;
			columnType = cells.map((name) => types.get(name));
			return;
		}
		const json: IDataObject = {};
		for (let i = 0; i < header.length; i++) {
			json[header[i]] = typed(cells[i] ?? '', columnType[i]) as IDataObject[string];
		}
		rows.push({ json });
	});
	for await (const chunk of exportFile(ctx, object, status, itemIndex)) reader.push(chunk);
	reader.end();
	return rows;
}

/** A completed export as one binary CSV file on one item (its status as the item's JSON). */
export async function exportBinary(
	ctx: IExecuteFunctions,
	object: ExportObject,
	status: IDataObject,
	itemIndex: number,
	binaryPropertyName: string,
	fileName: string,
): Promise<BatchOutcome> {
	// The chunks are copied into one buffer of the job's size as they arrive, so the file's bytes
	// are held once (not as chunks and then their concatenation). The download stops at that size
	// and fails unless it received exactly that many bytes, so nothing is cut off unnoticed.
	const file = Buffer.alloc(Number(status.fileSize ?? 0));
	let filled = 0;
	for await (const chunk of exportFile(ctx, object, status, itemIndex)) {
		chunk.copy(file, filled);
		filled += chunk.length;
	}
	const data = await ctx.helpers.prepareBinaryData(file, fileName, 'text/csv');
	return { json: status, binary: { [binaryPropertyName]: data } };
}
