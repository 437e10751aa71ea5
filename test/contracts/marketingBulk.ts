/**
 * The marketing service's bulk API as the nodes call it: lead and program-member imports (a CSV
 * sent as `multipart/form-data`), and lead, activity and program-member exports. Sources: the docs
 * pages `bulk-lead-import.md`, `bulk-program-member-import.md`, `bulk-lead-extract.md`,
 * `bulk-activity-extract.md`, `bulk-program-member-extract.md` of `AdobeDocs/marketo-developer.en`
 * `help/rest-api/`, summed up in `../shared/reference/marketing-bulk-and-objects.md` §1 to §4.
 * A file (the CSV sent, the export file, failures and warnings) is bytes: not checked.
 */
import { entry, envelope, int, object, paged, text } from './marketingCommon';
import type { Endpoint, Schema } from './types';

const MULTIPART = ['multipart/form-data'];
const csvUpload: Schema = {
	type: 'string',
	assumed:
		'The multipart body (the file and any form parameters) is bytes: its parts are the module’s to read.',
};
const importBatch: Schema = object({
	batchId: int,
	importId: text,
	operation: text,
	status: text,
	numOfLeadsProcessed: int,
	numOfRowsFailed: int,
	numOfRowsWithWarning: int,
	message: text,
});
const exportJob: Schema = object({
	exportId: text,
	status: text,
	createdAt: text,
	queuedAt: text,
	startedAt: text,
	finishedAt: text,
	format: text,
	numberOfRecords: int,
	fileSize: int,
	fileChecksum: text,
	errorMsg: text,
});
const range: Schema = object({ startAt: text, endAt: text }, ['startAt', 'endAt']);
const ids: Schema = { type: 'array', items: int };
const format: Schema = {
	type: 'string',
	enum: ['CSV', 'TSV', 'SSV', 'csv', 'tsv', 'ssv'],
	assumed:
		'The swagger enum is upper case, the pages’ examples send `format=csv`: both are taken (bulk-lead-import.md).',
};

/** The filters each export takes (ExportLeadFilter, ExportActivityFilter, ExportProgramMemberFilter). */
const exportFilters: Record<string, Schema> = {
	leads: object({
		createdAt: range,
		updatedAt: range,
		staticListId: int,
		staticListName: text,
		smartListId: int,
		smartListName: text,
	}),
	activities: object({
		createdAt: range,
		activityTypeIds: ids,
		primaryAttributeValueIds: ids,
		primaryAttributeValues: { type: 'array', items: text },
	}),
	'program/members': object({
		programId: int,
		programIds: ids,
		isExhausted: { type: 'boolean' },
		nurtureCadence: text,
		statusNames: { type: 'array', items: text },
		updatedAt: range,
	}),
};

function exportEndpoints(kind: keyof typeof exportFilters, page: string): Endpoint[] {
	const base = `/bulk/v1/${kind}/export`;
	return [
		entry(
			'POST',
			`${base}/create.json`,
			`Create export job (${kind})`,
			page,
			{
				body: object(
					{
						format,
						fields: { type: 'array', items: text },
						columnHeaderNames: { type: 'object', additionalProperties: { type: 'string' } },
						filter: exportFilters[kind],
					},
					kind === 'activities' ? ['filter'] : ['filter', 'fields'],
				),
			},
			envelope(exportJob),
		),
		...(['enqueue', 'cancel'] as const).map((verb) =>
			entry(
				'POST',
				`${base}/{exportId}/${verb}.json`,
				`${verb} export job (${kind})`,
				page,
				{},
				envelope(exportJob),
			),
		),
		entry(
			'GET',
			`${base}/{exportId}/status.json`,
			`Export job status (${kind})`,
			page,
			{},
			envelope(exportJob),
		),
		{
			...entry('GET', `${base}/{exportId}/file.json`, `Export file (${kind})`, page, {}, {}),
			answers: { '200': {}, '206': {}, '416': {}, '5xx': {} },
		},
		entry(
			'GET',
			`${base}.json`,
			`Get export jobs (${kind})`,
			page,
			{ query: { status: { type: 'array', items: text }, batchSize: int, nextPageToken: text } },
			envelope(exportJob, paged),
		),
	];
}
/** A file of an import (failures, warnings): CSV bytes, or the envelope with an error. */
const importFile = (path: string, operation: string, page: string): Endpoint => ({
	...entry('GET', path, operation, page, {}, {}),
	answers: { '200': {}, '5xx': {} },
});

export const bulkEndpoints: Endpoint[] = [
	{
		...entry(
			'POST',
			'/bulk/v1/leads.json',
			'importLeadUsingPOST',
			'leadImport',
			{
				query: { format, lookupField: text, listId: int, partitionName: text },
				contentType: MULTIPART,
				body: csvUpload,
			},
			envelope(importBatch),
		),
	},
	entry(
		'GET',
		'/bulk/v1/leads/batch/{batchId}.json',
		'getImportLeadStatusUsingGET',
		'leadImport',
		{},
		envelope(importBatch),
	),
	importFile(
		'/bulk/v1/leads/batch/{batchId}/failures.json',
		'getImportLeadFailuresUsingGET',
		'leadImport',
	),
	importFile(
		'/bulk/v1/leads/batch/{batchId}/warnings.json',
		'getImportLeadWarningsUsingGET',
		'leadImport',
	),
	entry(
		'POST',
		'/bulk/v1/program/{programId}/members/import.json',
		'importProgramMemberUsingPOST',
		'memberImport',
		{
			query: { format, programMemberStatus: text },
			contentType: MULTIPART,
			body: csvUpload,
		},
		envelope(importBatch),
	),
	entry(
		'GET',
		'/bulk/v1/program/members/import/{batchId}/status.json',
		'getImportProgramMemberStatusUsingGET',
		'memberImport',
		{},
		envelope(importBatch),
	),
	importFile(
		'/bulk/v1/program/members/import/{batchId}/failures.json',
		'getImportProgramMemberFailuresUsingGET',
		'memberImport',
	),
	importFile(
		'/bulk/v1/program/members/import/{batchId}/warnings.json',
		'getImportProgramMemberWarningsUsingGET',
		'memberImport',
	),
	...exportEndpoints('leads', 'leadExport'),
	...exportEndpoints('activities', 'activityExport'),
	...exportEndpoints('program/members', 'memberExport'),
];
