import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { bulkSettings } from '../helpers/bulkSettings';

/** The Object field of a bulk operation: what it imports or extracts. */
function objectField(options: Array<{ name: string; value: string }>): INodeProperties {
	return {
		displayName: 'Object',
		name: 'object',
		type: 'options',
		noDataExpression: true,
		default: 'leads',
		options,
	};
}

/** What a bulk import writes: leads, or the members of one program. */
export const importObjectField = objectField([
	{ name: 'Leads', value: 'leads' },
	{ name: 'Program Members', value: 'programMembers' },
]);

/** What a bulk extract reads. */
export const exportObjectField = objectField([
	{ name: 'Activities', value: 'activities' },
	{ name: 'Leads', value: 'leads' },
	{ name: 'Program Members', value: 'programMembers' },
]);

export const waitForCompletionField: INodeProperties = {
	displayName: 'Wait for Completion',
	name: 'waitForCompletion',
	type: 'boolean',
	default: true,
	description:
		"Whether to wait until the service has finished the jobs and output their results; otherwise output the jobs' IDs at once (read them later with Get Status)",
};

const timeLimitDescription =
	'How long the node waits for the service (queue and processing) before it stops; jobs already submitted go on in the service';

/** The time limit in seconds, the unit of every time limit of the package. */
export const timeLimitOption: INodeProperties = {
	displayName: 'Time Limit (Seconds)',
	name: 'timeLimitSeconds',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 3600,
	description: timeLimitDescription,
};

/**
 * The time limit in minutes, as the first bulk operations saved it: shown only where a saved
 * workflow holds it (a number, or an expression), so it keeps its meaning there and new nodes
 * offer seconds alone. `gte` and `startsWith`, not `exists`: n8n 1.85 knows only those.
 */
export const savedTimeLimitOption: INodeProperties = {
	displayName: 'Time Limit (Minutes)',
	name: 'timeLimit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 60,
	description: timeLimitDescription,
	displayOptions: { show: { timeLimit: [{ _cnd: { gte: 0 } }, { _cnd: { startsWith: '=' } }] } },
};

export const openJobsOption: INodeProperties = {
	displayName: 'Open Jobs at Once',
	name: 'openJobs',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 10 },
	default: 2,
	description:
		"How many of this node's jobs may wait or run in the service at the same time; the next file or job waits for one to finish",
	hint: 'The instance has one queue of 10 jobs for every integration and runs 2 at a time: more than 2 only wait in it and hold back the CRM sync and other workflows',
};

/** The Open Jobs at Once option of an item, within the service's queue (1 to 10). */
export function openJobsOf(options: { openJobs?: unknown }): number {
	const value = Math.floor(Number(options.openJobs ?? bulkSettings.openJobs));
	return Number.isFinite(value)
		? Math.min(bulkSettings.queueLimit, Math.max(1, value))
		: bulkSettings.openJobs;
}

export const statusIntervalOption: INodeProperties = {
	displayName: 'Status Check Interval (Seconds)',
	name: 'statusInterval',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 60,
	description: "Time between reads of an export job's status",
	hint: 'The service refreshes a job status at most once a minute: shorter intervals mostly spend calls',
};

/** The Status Check Interval option in ms (a minute unless set). */
export function statusIntervalOf(options: { statusInterval?: unknown }): number {
	const seconds = Number(options.statusInterval ?? bulkSettings.exportPollMs / 1000);
	return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : bulkSettings.exportPollMs;
}

/** The time limit of a bulk operation's Options in seconds (a saved one in minutes converted). */
export function timeLimitSecondsOf(options: IDataObject): number {
	if (options.timeLimitSeconds !== undefined) return Number(options.timeLimitSeconds);
	if (options.timeLimit !== undefined) return Number(options.timeLimit) * 60;
	return 3600;
}

export const exportIdField: INodeProperties = {
	displayName: 'Export ID',
	name: 'exportId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. ce45a7a1-f19d-4ce2-882c-a3c795940a7d',
	description: 'The export job ID that Extract (or Get Many) output',
};

export const outputFields: INodeProperties[] = [
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		default: 'items',
		options: [
			{
				name: 'Binary File',
				value: 'binary',
				description: 'One CSV file per job on one item, with the job as its JSON',
			},
			{
				name: 'Items',
				value: 'items',
				description: 'One item per row, with numbers, booleans and JSON columns typed',
			},
		],
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the output binary field to put the file in',
		displayOptions: { show: { output: ['binary'] } },
	},
];
