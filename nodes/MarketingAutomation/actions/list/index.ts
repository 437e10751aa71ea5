import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { fromVersionTwo, versionedOperation, versionOne } from '../versions';
import * as addLeads from './addLeads.operation';
import * as create from './create.operation';
import * as deleteList from './delete.operation';
import * as getAll from './getAll.operation';
import * as getMembers from './getMembers.operation';
import * as removeLeads from './removeLeads.operation';

export const operations = { addLeads, create, delete: deleteList, getAll, getMembers, removeLeads };

const addLeadsOption: INodePropertyOptions = {
	name: 'Add Leads',
	value: 'addLeads',
	description: 'Add leads to a static list, 300 per call',
	action: 'Add leads to a list',
};
const readOptions: INodePropertyOptions[] = [
	{
		name: 'Get Many',
		value: 'getAll',
		description: 'Get many static lists',
		action: 'Get many lists',
	},
	{
		name: 'Get Members',
		value: 'getMembers',
		description: 'Get the leads of a static list',
		action: 'Get list members',
	},
	{
		name: 'Remove Leads',
		value: 'removeLeads',
		description: 'Remove leads from a static list, 300 per call',
		action: 'Remove leads from a list',
	},
];

export const description: INodeProperties[] = [
	// Version 2 adds Create (in a folder) and Delete.
	versionedOperation(
		'list',
		fromVersionTwo,
		[
			addLeadsOption,
			{
				name: 'Create',
				value: 'create',
				description: 'Create a static list in a folder or program',
				action: 'Create a list',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a static list that nothing uses',
				action: 'Delete a list',
			},
			...readOptions,
		],
		'getAll',
	),
	versionedOperation('list', versionOne, [addLeadsOption, ...readOptions], 'getAll'),
	...addLeads.description,
	...create.description,
	...deleteList.description,
	...getAll.description,
	...getMembers.description,
	...removeLeads.description,
];
