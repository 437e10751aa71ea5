import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import type { BatchOutcome } from '../../../shared/router';
import {
	awaitExport,
	awaitExportSlot,
	startExport,
	type ExportObject,
	type OpenExport,
} from '../../helpers/exportJobs';
import { Deadline } from '../../helpers/importJobs';
import { eachItem } from '../batches';
import { listLocator, programLocator } from '../fields';
import {
	exportObjectField,
	openJobsOf,
	openJobsOption,
	outputFields,
	statusIntervalOf,
	statusIntervalOption,
	savedTimeLimitOption,
	timeLimitOption,
	timeLimitSecondsOf,
	waitForCompletionField,
} from '../bulkFields';
import { exportBodies } from './exportRequest';
import { completedOutput } from './jobs';
import { defineOperation, type CheckedItem } from '../../../shared/operation';
import { beforeVersionTwoOne, fromVersionTwoOne } from '../versions';

const leadsOnly = { object: ['leads'] };
/** Where From and To show: every activity export, and a lead export by created or updated date. */
const DATE_RANGE_SHOWN = [
	{ object: ['activities'] },
	{ object: ['leads'], leadFilter: ['createdAt', 'updatedAt'] },
];

const properties: INodeProperties[] = [
	exportObjectField,
	{ ...programLocator, displayOptions: { show: { object: ['programMembers'] } } },
	{
		// Version 2 saved a comma-separated text; from 2.1 the fields are picked from the service's.
		displayName: 'Fields',
		name: 'fields',
		type: 'string',
		required: true,
		default: 'id,email,firstName,lastName,createdAt,updatedAt',
		description:
			"The columns, by the service's field names, comma-separated (program members: e.g. leadId,email,statusName,membershipDate)",
		displayOptions: { show: { object: ['leads', 'programMembers'], ...beforeVersionTwoOne } },
	},
	{
		displayName: 'Field Names or IDs',
		name: 'fields',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getExtractFields', loadOptionsDependsOn: ['object'] },
		required: true,
		default: ['id', 'email', 'firstName', 'lastName', 'createdAt', 'updatedAt'],
		description:
			'The columns, from the lead fields (program members: their member fields and the lead fields). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: { object: ['leads', 'programMembers'], ...fromVersionTwoOne } },
	},
	{
		displayName: 'Filter',
		name: 'leadFilter',
		type: 'options',
		default: 'createdAt',
		options: [
			{ name: 'Created Between', value: 'createdAt' },
			{ name: 'In Smart List', value: 'smartList' },
			{ name: 'In Static List', value: 'staticList' },
			{
				name: 'Updated Between',
				value: 'updatedAt',
				description: 'Any field changed (not every subscription offers it)',
			},
		],
		displayOptions: { show: leadsOnly },
	},
	...DATE_RANGE_SHOWN.map((show) => ({
		displayName: 'From',
		name: 'startDate',
		type: 'dateTime' as const,
		required: true,
		default: '',
		description:
			'Start of the date range; ranges longer than 31 days run as one job per 31 days, one after another',
		displayOptions: { show },
	})),
	...DATE_RANGE_SHOWN.map((show) => ({
		displayName: 'To',
		name: 'endDate',
		type: 'dateTime' as const,
		required: true,
		default: '',
		description: 'End of the date range (not included)',
		displayOptions: { show },
	})),
	{ ...listLocator, displayOptions: { show: { object: ['leads'], leadFilter: ['staticList'] } } },
	{
		displayName: 'Smart List ID',
		name: 'smartListId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1021',
		displayOptions: { show: { object: ['leads'], leadFilter: ['smartList'] } },
	},
	{
		displayName: 'Activity Type Names or IDs',
		name: 'activityTypeIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getExtractActivityTypes' },
		default: [],
		description:
			'Only these activity types (none = all; Delete Lead cannot be bulk extracted). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: { object: ['activities'] } },
	},
	{
		displayName: 'Primary Attribute Filter',
		name: 'primaryAttributeFilter',
		type: 'options',
		default: 'none',
		description:
			'Only activities whose primary attribute (the list, program or form they belong to) is one of these; needs activity types of its group, such as Add to List',
		options: [
			{ name: 'None', value: 'none' },
			{ name: 'By Value IDs', value: 'ids', description: 'List, program or form IDs' },
			{
				name: 'By Value Names',
				value: 'names',
				description: 'Names as the service writes them (Program Name dot Asset Name)',
			},
		],
		displayOptions: { show: { object: ['activities'] } },
	},
	{
		displayName: 'Primary Attribute Values',
		name: 'primaryAttributeValues',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1003, 3001',
		description: 'Up to 50, comma-separated',
		displayOptions: { show: { object: ['activities'], primaryAttributeFilter: ['ids', 'names'] } },
	},
	{
		displayName: 'Member Statuses',
		name: 'statusNames',
		type: 'string',
		default: '',
		placeholder: 'e.g. Registered, Attended',
		description:
			"Only members in one of these program statuses (comma-separated; empty = all). A name the program's channel does not have is refused by the service.",
		displayOptions: { show: { object: ['programMembers'] } },
	},
	...outputFields,
	waitForCompletionField,
	optionsCollection([openJobsOption, statusIntervalOption, timeLimitOption, savedTimeLimitOption]),
];

/** Reads and checks one item's export jobs; the router runs it for every item before any call. */
function check(this: IExecuteFunctions, itemIndex: number) {
	const object = this.getNodeParameter('object', itemIndex) as ExportObject;
	return { object, jobs: exportBodies(this, object, itemIndex) };
}

async function executeBatch(
	this: IExecuteFunctions,
	items: Array<CheckedItem<ReturnType<typeof check>>>,
): Promise<BatchOutcome[][]> {
	// Jobs queued and not waited for, over all items: each new job waits for a free share.
	const open: OpenExport[] = [];
	return await eachItem(this, items, async (itemIndex, { object, jobs }) => {
		const wait = this.getNodeParameter('waitForCompletion', itemIndex, true) as boolean;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const deadline = new Deadline(this.getNode(), timeLimitSecondsOf(options));
		const limit = openJobsOf(options);
		const interval = statusIntervalOf(options);
		const outcomes: BatchOutcome[] = [];
		for (const body of jobs) {
			await awaitExportSlot(this, open, limit, itemIndex, deadline, interval);
			const exportId = await startExport(this, object, body, itemIndex, deadline);
			if (!wait) {
				open.push({ object, exportId });
				outcomes.push({ json: { exportId, status: 'Queued', filter: body.filter as IDataObject } });
				continue;
			}
			const status = await awaitExport(this, object, exportId, body, itemIndex, deadline, interval);
			outcomes.push(
				...(await completedOutput(this, object, status, itemIndex, `${object}-${exportId}.csv`)),
			);
		}
		return outcomes;
	});
}

export const operation = defineOperation({
	option: {
		name: 'Extract',
		value: 'extract',
		description:
			'Export leads, activities or program members as bulk jobs (create, queue, wait, download): one file per job instead of one call per 300 records',
		action: 'Extract leads, activities, or program members in bulk',
	},
	fields: properties,
	check,
	runBatch: executeBatch,
});
