import type { INodeProperties } from 'n8n-workflow';

/** What a bulk import writes: leads, or the members of one program. */
export const importObjectField: INodeProperties = {
	displayName: 'Object',
	name: 'object',
	type: 'options',
	noDataExpression: true,
	default: 'leads',
	options: [
		{ name: 'Leads', value: 'leads' },
		{ name: 'Program Members', value: 'programMembers' },
	],
};

export const waitForCompletionField: INodeProperties = {
	displayName: 'Wait for Completion',
	name: 'waitForCompletion',
	type: 'boolean',
	default: true,
	description:
		"Whether to wait until the service has finished the jobs and output their results; otherwise output the jobs' IDs at once (read them later with Get Status)",
};

export const timeLimitOption: INodeProperties = {
	displayName: 'Time Limit (Minutes)',
	name: 'timeLimit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 60,
	description:
		'How long the node waits for the service (queue and processing) before it stops; jobs already submitted go on in the service',
};
