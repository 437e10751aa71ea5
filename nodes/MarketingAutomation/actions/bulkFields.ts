import type { IDataObject, INodeProperties } from 'n8n-workflow';

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
