import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import type { BulkFormat } from '../../helpers/delimited';
import type { ImportTarget } from '../../helpers/importJobs';
import {
	importObjectField,
	openJobsOption,
	savedTimeLimitOption,
	timeLimitOption,
	waitForCompletionField,
} from '../bulkFields';
import { listLocator, programLocator } from '../fields';
import { readId } from '../parameters';

export const importProperties: INodeProperties[] = [
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
	optionsCollection([
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
		openJobsOption,
		timeLimitOption,
		savedTimeLimitOption,
	]),
];

/** Where and how the files are imported, from the node's parameters (checked before any call). */
export function readTarget(ctx: IExecuteFunctions): ImportTarget {
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
