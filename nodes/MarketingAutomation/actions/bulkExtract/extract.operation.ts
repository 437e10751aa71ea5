import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { bulkSettings } from '../../helpers/bulkSettings';
import { awaitExport, startExport, type ExportObject } from '../../helpers/exportJobs';
import { Deadline } from '../../helpers/importJobs';
import { eachItem } from '../batches';
import { listLocator, programLocator } from '../fields';
import { readDateTime, readId, splitValues } from '../parameters';
import {
	exportObjectField,
	outputFields,
	savedTimeLimitOption,
	timeLimitOption,
	timeLimitSecondsOf,
	waitForCompletionField,
} from '../bulkFields';
import { completedOutput } from './jobs';
import { defineOperation, type CheckedItem } from '../../../shared/operation';
import { beforeVersionTwoOne, fromVersionTwoOne } from '../versions';

const leadsOnly = { object: ['leads'] };

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
	{
		displayName: 'From',
		name: 'startDate',
		type: 'dateTime',
		required: true,
		default: '',
		description:
			'Start of the date range; ranges longer than 31 days run as one job per 31 days, one after another',
		displayOptions: { show: { object: ['activities'] } },
	},
	{
		displayName: 'From',
		name: 'startDate',
		type: 'dateTime',
		required: true,
		default: '',
		description:
			'Start of the date range; ranges longer than 31 days run as one job per 31 days, one after another',
		displayOptions: { show: { object: ['leads'], leadFilter: ['createdAt', 'updatedAt'] } },
	},
	{
		displayName: 'To',
		name: 'endDate',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'End of the date range (not included)',
		displayOptions: { show: { object: ['activities'] } },
	},
	{
		displayName: 'To',
		name: 'endDate',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'End of the date range (not included)',
		displayOptions: { show: { object: ['leads'], leadFilter: ['createdAt', 'updatedAt'] } },
	},
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
		typeOptions: { loadOptionsMethod: 'getActivityTypes' },
		default: [],
		description:
			'Only these activity types (none = all). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: { object: ['activities'] } },
	},
	...outputFields,
	waitForCompletionField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [timeLimitOption, savedTimeLimitOption],
	},
];

const noMillis = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The date range cut into windows the service accepts (at most 31 days each). */
function windows(ctx: IExecuteFunctions, itemIndex: number) {
	const start = Date.parse(readDateTime(ctx, 'startDate', itemIndex, 'From')!);
	const end = Date.parse(readDateTime(ctx, 'endDate', itemIndex, 'To')!);
	if (end <= start) {
		throw new NodeOperationError(ctx.getNode(), `To is not after From in item ${itemIndex}`, {
			itemIndex,
			description: 'Set To to a later date-time than From.',
		});
	}
	const step = bulkSettings.maxExportDays * 86_400_000;
	const result: Array<{ startAt: string; endAt: string }> = [];
	for (let at = start; at < end; at += step) {
		result.push({ startAt: noMillis(at), endAt: noMillis(Math.min(end, at + step)) });
	}
	return result;
}

/** The create bodies of an item's export: one per date window, or one for a list filter. */
function exportBodies(ctx: IExecuteFunctions, object: ExportObject, itemIndex: number) {
	const fields = () => {
		const names = splitValues(ctx.getNodeParameter('fields', itemIndex, ''));
		if (names.length === 0) {
			throw new NodeOperationError(ctx.getNode(), `Fields is empty in item ${itemIndex}`, {
				itemIndex,
				description: "List the columns to export by the service's field names, e.g. id,email.",
			});
		}
		return names;
	};
	if (object === 'activities') {
		const types = (ctx.getNodeParameter('activityTypeIds', itemIndex, []) as unknown[]).map(Number);
		return windows(ctx, itemIndex).map((createdAt) => ({
			format: 'CSV',
			filter: { createdAt, ...(types.length ? { activityTypeIds: types } : {}) },
		}));
	}
	if (object === 'programMembers') {
		const programId = readId(ctx, 'program', itemIndex, 'program');
		return [{ format: 'CSV', fields: fields(), filter: { programId } }];
	}
	const filter = ctx.getNodeParameter('leadFilter', itemIndex) as string;
	const names = fields();
	if (filter === 'staticList') {
		const staticListId = readId(ctx, 'list', itemIndex, 'list');
		return [{ format: 'CSV', fields: names, filter: { staticListId } }];
	}
	if (filter === 'smartList') {
		const raw = String(ctx.getNodeParameter('smartListId', itemIndex, '')).trim();
		if (!/^\d+$/.test(raw)) {
			throw new NodeOperationError(
				ctx.getNode(),
				`The smart list ID '${raw}' in item ${itemIndex} is not a number`,
				{
					itemIndex,
					description: 'Enter the numeric ID of the smart list.',
				},
			);
		}
		return [{ format: 'CSV', fields: names, filter: { smartListId: Number(raw) } }];
	}
	return windows(ctx, itemIndex).map((range) => ({
		format: 'CSV',
		fields: names,
		filter: { [filter]: range },
	}));
}

interface Extract {
	object: ExportObject;
	jobs: IDataObject[];
}

/** Reads and checks one item's export jobs; the router runs it for every item before any call. */
function check(this: IExecuteFunctions, itemIndex: number): Extract {
	const object = this.getNodeParameter('object', itemIndex) as ExportObject;
	return { object, jobs: exportBodies(this, object, itemIndex) };
}

async function executeBatch(
	this: IExecuteFunctions,
	items: Array<CheckedItem<Extract>>,
): Promise<BatchOutcome[][]> {
	return await eachItem(this, items, async (itemIndex, { object, jobs }) => {
		const wait = this.getNodeParameter('waitForCompletion', itemIndex, true) as boolean;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const deadline = new Deadline(timeLimitSecondsOf(options));
		const outcomes: BatchOutcome[] = [];
		for (const body of jobs) {
			const exportId = await startExport(this, object, body, itemIndex, deadline);
			if (!wait) {
				outcomes.push({ json: { exportId, status: 'Queued', filter: body.filter as IDataObject } });
				continue;
			}
			const status = await awaitExport(this, object, exportId, itemIndex, deadline);
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
