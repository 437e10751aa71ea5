import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { fromVersionTwo, versionedOperation, versionOne } from '../versions';
import * as createOrUpdate from './createOrUpdate.operation';
import * as deleteLeads from './delete.operation';
import * as describe from './describe.operation';
import * as getAll from './getAll.operation';
import * as getChanges from './getChanges.operation';
import * as merge from './merge.operation';

export const operations = {
	createOrUpdate,
	delete: deleteLeads,
	describe,
	getAll,
	getChanges,
	merge,
};

const createOrUpdateOption: INodePropertyOptions = {
	name: 'Create or Update',
	value: 'createOrUpdate',
	description:
		"Create or update leads matched by a lookup field (email by default), 300 per call. Map Automatically sends the item's fields; as an AI agent tool, the lead object the model sends.",
	action: 'Create or update leads matched by email or another field',
};
const getChangesOption: INodePropertyOptions = {
	name: 'Get Changes',
	value: 'getChanges',
	description: 'Get data value changes of leads since a date',
	action: 'Get lead changes',
};
const getAllOption: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	description:
		'Get many leads whose filter field (email by default) matches one of the values (comma-separated, 300 per call). A value with no lead gives found: false when asked, and always as an AI agent tool.',
	action: 'Get many leads by email or another field',
};

export const description: INodeProperties[] = [
	// Version 2 adds Delete, Describe and Merge.
	versionedOperation(
		'lead',
		fromVersionTwo,
		[
			createOrUpdateOption,
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete leads by ID, 300 per call; each item gets its leads’ statuses',
				action: 'Delete leads',
			},
			{
				name: 'Describe',
				value: 'describe',
				description: 'Get every lead field with its type and its REST and SOAP API names',
				action: 'Describe lead fields',
			},
			getChangesOption,
			getAllOption,
			{
				name: 'Merge',
				value: 'merge',
				description: 'Merge up to 25 losing leads into a winning lead',
				action: 'Merge leads',
			},
		],
		'createOrUpdate',
	),
	versionedOperation(
		'lead',
		versionOne,
		[createOrUpdateOption, getChangesOption, getAllOption],
		'createOrUpdate',
	),
	...createOrUpdate.description,
	...deleteLeads.description,
	...describe.description,
	...getAll.description,
	...getChanges.description,
	...merge.description,
];
