import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { bulkSettings } from '../../helpers/bulkSettings';
import { FileCutter, formatRow, type BulkFormat, type FilePart } from '../../helpers/delimited';
import {
	awaitImports,
	Deadline,
	jobSummary,
	readRowReports,
	submitFile,
	type ImportJob,
	type ImportTarget,
} from '../../helpers/importJobs';
import { asNodeError } from '../../helpers/nodeError';
import { failItems, prepareAll } from '../batches';
import { listLocator, programLocator } from '../fields';
import { readId } from '../parameters';
import type { MarketingAutomationMap } from '../node.type';
import { importObjectField, timeLimitOption, waitForCompletionField } from './fields';

export const operation = 'import' satisfies MarketingAutomationMap['bulkImport'];

/** Fields the service sets itself: never written by an import. */
const READ_ONLY = new Set(['createdAt', 'updatedAt']);

const properties: INodeProperties[] = [
	importObjectField,
	{ ...programLocator, displayOptions: { show: { object: ['programMembers'] } } },
	{
		displayName: 'Member Status',
		name: 'programMemberStatus',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Registered',
		description: "The program status the members get, one of its channel's statuses",
		displayOptions: { show: { object: ['programMembers'] } },
	},
	{
		displayName: 'Source',
		name: 'source',
		type: 'options',
		default: 'items',
		options: [
			{
				name: 'Binary File',
				value: 'binary',
				description:
					'A CSV, TSV or SSV file on each item whose header row holds the field names; read in chunks',
			},
			{
				name: 'Input Items',
				value: 'items',
				description: "One row per item, the item's fields as they are (as Map Automatically)",
			},
		],
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the input binary field holding the file',
		displayOptions: { show: { source: ['binary'] } },
	},
	{
		displayName: 'File Format',
		name: 'format',
		type: 'options',
		default: 'csv',
		options: [
			{ name: 'CSV (Comma-Separated)', value: 'csv' },
			{ name: 'SSV (Semicolon-Separated)', value: 'ssv' },
			{ name: 'TSV (Tab-Separated)', value: 'tsv' },
		],
		displayOptions: { show: { source: ['binary'] } },
	},
	{
		displayName: 'Lookup Field Name or ID',
		name: 'lookupField',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getFilterTypes' },
		default: 'email',
		description:
			'The field that identifies an existing lead (ID means update only). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: { object: ['leads'] } },
	},
	waitForCompletionField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				...listLocator,
				displayName: 'Add to List',
				name: 'list',
				required: false,
				description: 'A static list the imported leads are also added to',
			},
			{
				displayName: 'Partition Name',
				name: 'partitionName',
				type: 'string',
				default: '',
				description: 'The lead partition new leads go into (leads only)',
			},
			timeLimitOption,
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['bulkImport'], operation: [operation] } },
	properties,
);

interface Prepared {
	json: IDataObject;
	lookup?: string;
}

function readTarget(ctx: IExecuteFunctions): ImportTarget {
	const object = ctx.getNodeParameter('object', 0) as ImportTarget['object'];
	const source = ctx.getNodeParameter('source', 0) as string;
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const target: ImportTarget = {
		object,
		format: source === 'binary' ? (ctx.getNodeParameter('format', 0) as BulkFormat) : 'csv',
	};
	const list = (options.list as IDataObject | undefined)?.value;
	if (list !== undefined && String(list).trim() !== '') {
		if (!/^\s*\d+\s*$/.test(String(list))) {
			throw new NodeOperationError(ctx.getNode(), `The list ID '${String(list)}' is not a number`, {
				itemIndex: 0,
				description: 'Pick the list in Options → Add to List, or enter its numeric ID.',
			});
		}
		target.listId = Number(list);
	}
	if (object === 'leads') {
		target.lookupField = ctx.getNodeParameter('lookupField', 0, 'email') as string;
		if (options.partitionName) target.partitionName = String(options.partitionName);
	} else {
		target.programId = readId(ctx, 'program', 0, 'program');
		const status = String(ctx.getNodeParameter('programMemberStatus', 0, '')).trim();
		if (!status) {
			throw new NodeOperationError(ctx.getNode(), 'Member Status is empty', {
				itemIndex: 0,
				description: "Enter the program status the members get (one of its channel's statuses).",
			});
		}
		target.programMemberStatus = status;
	}
	return target;
}

/** The lookup field's value of an item (e-mail for program members), required before any call. */
function prepareItem(ctx: IExecuteFunctions, itemIndex: number, key: string): Prepared {
	const json = ctx.getInputData()[itemIndex].json;
	const value = json[key];
	if (value === undefined || value === null || String(value).trim() === '') {
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex} has no '${key}', the field that identifies the lead`,
			{
				itemIndex,
				description: `Give every item a '${key}' field (or choose another Lookup Field).`,
			},
		);
	}
	return { json, lookup: String(value).toLowerCase() };
}

export async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	const target = readTarget(this);
	const source = this.getNodeParameter('source', 0) as string;
	const wait = this.getNodeParameter('waitForCompletion', 0, true) as boolean;
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const deadline = new Deadline(Number(options.timeLimit ?? 60));
	const key = target.object === 'leads' ? (target.lookupField ?? 'email') : 'email';
	const base = target.object === 'leads' ? 'leads' : `program-${target.programId}-members`;

	const { prepared, outcomes } = prepareAll(this, itemIndexes, (itemIndex) => {
		if (source === 'binary') {
			const property = this.getNodeParameter('binaryPropertyName', itemIndex) as string;
			this.helpers.assertBinaryData(itemIndex, property);
			return { json: {} } as Prepared;
		}
		return prepareItem(this, itemIndex, key);
	});

	const jobs: ImportJob[] = [];
	let fileNumber = 0;
	const submit = async (part: FilePart, itemIndex: number, itemOf?: Map<string, number>) => {
		// Keep within the service's queue: at most 10 of our jobs open at once.
		if (wait) await awaitImports(this, target.object, jobs, deadline, bulkSettings.queueLimit);
		const name = `${base}-${++fileNumber}.${target.format}`;
		const file = { name, content: part.content, rows: part.rows, firstRow: part.firstRow };
		const batchId = await submitFile(this, target, file, jobs, itemIndex, deadline);
		jobs.push({
			batchId,
			fileName: name,
			rows: part.rows,
			firstRow: part.firstRow,
			itemIndex,
			itemOf,
		});
	};
	const failed = (error: unknown, indexes: number[]) =>
		failItems(this, asNodeError(this, error, indexes[0]), indexes, outcomes);

	if (source === 'binary') {
		for (const { itemIndex } of prepared) {
			try {
				const property = this.getNodeParameter('binaryPropertyName', itemIndex) as string;
				const binary = this.helpers.assertBinaryData(itemIndex, property);
				const cutter = new FileCutter(
					bulkSettings.fileBytes,
					async (part) => await submit(part, itemIndex),
				);
				if (binary.id) {
					const stream = await this.helpers.getBinaryStream(binary.id, bulkSettings.readChunkBytes);
					for await (const chunk of stream) await cutter.push(chunk as Buffer);
				} else {
					const bytes = Buffer.from(binary.data, 'base64');
					for (let at = 0; at < bytes.length; at += bulkSettings.readChunkBytes) {
						await cutter.push(bytes.subarray(at, at + bulkSettings.readChunkBytes));
					}
				}
				await cutter.end();
			} catch (error) {
				failed(
					error instanceof RangeError
						? new NodeOperationError(this.getNode(), error, {
								itemIndex,
								description:
									'Split the row or remove the oversized value: one import file holds at most 10 MB.',
							})
						: error,
					[itemIndex],
				);
			}
		}
	} else if (prepared.length > 0) {
		const columns: string[] = [];
		const seen = new Set<string>();
		for (const { value } of prepared) {
			for (const name of Object.keys(value.json)) {
				if (!seen.has(name) && !READ_ONLY.has(name)) {
					seen.add(name);
					columns.push(name);
				}
			}
		}
		const rowItems: number[] = [];
		const rowLookups: string[] = [];
		let partItems: number[] = [];
		const cutter = new FileCutter(bulkSettings.fileBytes, async (part) => {
			const from = part.firstRow - 1;
			const items = rowItems.slice(from, from + part.rows);
			const itemOf = new Map<string, number>();
			items.forEach((index, k) => itemOf.set(rowLookups[from + k], index));
			partItems = items;
			await submit(part, items[0], itemOf);
		});
		try {
			await cutter.push(Buffer.from(formatRow(columns, ',')));
			for (const { itemIndex, value } of prepared) {
				rowItems.push(itemIndex);
				rowLookups.push(value.lookup ?? '');
				await cutter.push(
					Buffer.from(
						formatRow(
							columns.map((c) => value.json[c]),
							',',
						),
					),
				);
			}
			await cutter.end();
		} catch (error) {
			failed(error, partItems.length ? partItems : prepared.map((p) => p.itemIndex));
		}
	}

	if (!wait) {
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
		return outcomes;
	}
	await awaitImports(this, target.object, jobs, deadline);
	for (const job of jobs) {
		outcomes[job.itemIndex].push({ json: jobSummary(job) });
		for (const kind of ['failures', 'warnings'] as const) {
			const count = Number(
				job.status?.[kind === 'failures' ? 'numOfRowsFailed' : 'numOfRowsWithWarning'] ?? 0,
			);
			if (count === 0) continue;
			const reports = await readRowReports(
				this,
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
	return outcomes;
}
