import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { bulkSettings } from '../../helpers/bulkSettings';
import {
	awaitExport,
	awaitExportSlot,
	EXTRACT_REFUSED_ACTIVITY_TYPES,
	startExport,
	type ExportObject,
	type OpenExport,
} from '../../helpers/exportJobs';
import { Deadline } from '../../helpers/importJobs';
import { eachItem } from '../batches';
import { listLocator, programLocator } from '../fields';
import { readDateTime, readId, splitValues } from '../parameters';
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
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [openJobsOption, statusIntervalOption, timeLimitOption, savedTimeLimitOption],
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
	// The service's date filter takes whole seconds and includes both ends: the windows run from
	// the first whole second at or after From to the last one before To, each ending one second
	// before the next starts, so a record created on a boundary comes out once.
	const first = Math.ceil(start / 1000) * 1000;
	const last = Math.ceil(end / 1000) * 1000 - 1000;
	const step = bulkSettings.maxExportDays * 86_400_000;
	const result: Array<{ startAt: string; endAt: string }> = [];
	for (let at = first; at <= last; at += step) {
		result.push({ startAt: noMillis(at), endAt: noMillis(Math.min(last, at + step - 1000)) });
	}
	return result;
}

/** The item's activity type IDs, checked before any call: whole numbers the extract takes. */
function activityTypes(ctx: IExecuteFunctions, itemIndex: number): number[] {
	const values = splitValues(ctx.getNodeParameter('activityTypeIds', itemIndex, []));
	const ids = values.map(Number);
	const bad = values.find((_value, k) => !Number.isInteger(ids[k]) || ids[k] <= 0);
	if (bad !== undefined) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The activity type '${String(bad)}' in item ${itemIndex} is not an activity type ID`,
			{
				itemIndex,
				description: 'Pick the activity types from the list, or give their numeric IDs.',
			},
		);
	}
	const refused = ids.filter((id) => EXTRACT_REFUSED_ACTIVITY_TYPES.has(id));
	if (refused.length > 0) {
		const names = refused.map((id) => `${EXTRACT_REFUSED_ACTIVITY_TYPES.get(id)} (${id})`);
		throw new NodeOperationError(
			ctx.getNode(),
			`The bulk extract does not take the activity type ${names.join(', ')} (item ${itemIndex})`,
			{
				itemIndex,
				description:
					'It takes every activity type of the instance except Delete Lead (37): pick the types from the list, which shows only those. Read deleted leads with API Call: GET /rest/v1/activities/deletedleads.json.',
			},
		);
	}
	return ids;
}

/** The service's most primary attribute values per export. */
const MAX_PRIMARY_VALUES = 50;

/**
 * The item's primary attribute filter (`primaryAttributeValueIds` or `primaryAttributeValues`),
 * checked before any call: at most 50 values, IDs whole numbers, and activity types chosen (the
 * service takes the filter only with the types of the values' group).
 */
function primaryAttributeFilter(
	ctx: IExecuteFunctions,
	itemIndex: number,
	types: number[],
): IDataObject {
	const by = ctx.getNodeParameter('primaryAttributeFilter', itemIndex, 'none') as string;
	if (by === 'none') return {};
	const values = splitValues(ctx.getNodeParameter('primaryAttributeValues', itemIndex, ''));
	const refuse = (message: string, description: string) =>
		new NodeOperationError(ctx.getNode(), `${message} in item ${itemIndex}`, {
			itemIndex,
			description,
		});
	if (values.length === 0 || values.length > MAX_PRIMARY_VALUES) {
		throw refuse(
			`Primary Attribute Values has ${values.length} values`,
			`Give 1 to ${MAX_PRIMARY_VALUES} values, comma-separated; run more jobs for more.`,
		);
	}
	if (types.length === 0) {
		throw refuse(
			'The primary attribute filter needs activity types',
			'Choose the activity types the values belong to, e.g. Add to List and Remove from List for list IDs, Change Status in Progression for programs, Fill Out Form for forms.',
		);
	}
	if (by === 'names') return { primaryAttributeValues: values };
	const bad = values.find((value) => !/^\d+$/.test(value));
	if (bad !== undefined) {
		throw refuse(
			`The primary attribute value ID '${bad}' is not a number`,
			'Give numeric IDs, or choose By Value Names.',
		);
	}
	return { primaryAttributeValueIds: values.map(Number) };
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
		const types = activityTypes(ctx, itemIndex);
		const primary = primaryAttributeFilter(ctx, itemIndex, types);
		return windows(ctx, itemIndex).map((createdAt) => ({
			format: 'CSV',
			filter: { createdAt, ...(types.length ? { activityTypeIds: types } : {}), ...primary },
		}));
	}
	if (object === 'programMembers') {
		const programId = readId(ctx, 'program', itemIndex, 'program');
		const statusNames = splitValues(ctx.getNodeParameter('statusNames', itemIndex, ''));
		return [
			{
				format: 'CSV',
				fields: fields(),
				filter: { programId, ...(statusNames.length ? { statusNames } : {}) },
			},
		];
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
	// Jobs queued and not waited for, over all items: each new job waits for a free share.
	const open: OpenExport[] = [];
	return await eachItem(this, items, async (itemIndex, { object, jobs }) => {
		const wait = this.getNodeParameter('waitForCompletion', itemIndex, true) as boolean;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const deadline = new Deadline(timeLimitSecondsOf(options));
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
			const status = await awaitExport(this, object, exportId, itemIndex, deadline, interval);
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
