import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { toolRecordField } from '../../../shared/toolRecord';

import { columnMapper, includeNotFoundOption } from '../fields';
import { COMPOUND_FILTER, CUSTOM_OBJECT_PARAMETER, type ObjectKind } from './objects';

/** The custom object type, picked from the instance's types (`GET /rest/v1/customobjects.json`). */
const customObjectField: INodeProperties = {
	displayName: 'Custom Object Name or ID',
	name: CUSTOM_OBJECT_PARAMETER,
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getCustomObjectTypes' },
	default: '',
	required: true,
	description:
		'The custom object type of the instance. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** The object's own leading parameters: the custom object type for custom objects, else none. */
export const objectFields = (kind: ObjectKind): INodeProperties[] =>
	kind.resource === 'customObject' ? [customObjectField] : [];

/** The object fields a query returns, from the object's describe. */
const objectFieldsOption: INodeProperties = {
	displayName: 'Field Names or IDs',
	name: 'fields',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getObjectFields', loadOptionsDependsOn: ['customObject'] },
	default: [],
	description:
		'Fields to return (without any: the ID, the dedupe fields, createdAt and updatedAt). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

export const syncActionField: INodeProperties = {
	displayName: 'Write Mode',
	name: 'syncAction',
	type: 'options',
	default: 'createOrUpdate',
	description:
		'What happens to a record that matches an existing one, and to one that matches none',
	options: [
		{
			name: 'Create New, Skip Existing',
			value: 'createOnly',
			description: 'Create a record when none matches; leave a matching one unchanged (skipped)',
		},
		{
			name: 'Create New, Update Existing',
			value: 'createOrUpdate',
			description: 'Update the matching record, or create one when none matches',
		},
		{
			name: 'Update Existing, Skip New',
			value: 'updateOnly',
			description:
				'Update the matching record; create nothing when none matches (skipped). The only mode that can match on the ID field.',
		},
	],
};

export const columnsField = (kind: ObjectKind): INodeProperties =>
	// Map Automatically by default, as Lead → Create or Update: a new node sends something at once.
	columnMapper({
		displayName: 'Fields',
		method: 'getObjectColumns',
		mode: 'upsert',
		dependsOn: kind.resource === 'customObject' ? ['customObject'] : [],
		multiKeyMatch: true,
		matchLabels: {
			title: 'Columns to Match On',
			description: `The ${kind.singular}'s dedupe key (all of its fields), or its ID field with Write Mode "Update Existing, Skip New"`,
		},
	});

export const objectToolRecordField = (kind: ObjectKind): INodeProperties =>
	toolRecordField({
		displayName: 'Record (From the Model)',
		argument: 'record',
		argumentDescription: `The ${kind.singular} as one JSON object of field names and values; include its dedupe key`,
		description: `The ${kind.singular} fields the AI model sends, as a JSON object. With Map Automatically, only these are mapped when the node runs as a tool.`,
	});

const includeNotFound = includeNotFoundOption(
	'Whether to output an item with found: false (and the value) for each value that matched no record, so a miss is never silent',
);

export const queryFields = (kind: ObjectKind, defaultFilter: string): INodeProperties[] => [
	...objectFields(kind),
	{
		displayName: 'Filter Type Name or ID',
		name: 'filterType',
		type: 'options',
		typeOptions: {
			loadOptionsMethod: 'getObjectFilterTypes',
			loadOptionsDependsOn: kind.resource === 'customObject' ? ['customObject'] : [],
		},
		default: defaultFilter,
		description:
			'The searchable field (or the compound dedupe key) the values are matched against. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Filter Values',
		name: 'filterValues',
		type: 'string',
		default: '',
		placeholder: kind.examples.values,
		description:
			'Values to look up, separated by commas or new lines. The values of all input items are combined and sent 300 per call.',
		displayOptions: { hide: { filterType: [COMPOUND_FILTER] } },
	},
	{
		displayName: 'Key Values',
		name: 'keyValues',
		type: 'json',
		default: '[]',
		description:
			'The compound keys to look up: a JSON array with one object per record holding every field of the dedupe key, e.g. [{"externalOpportunityId": "O-1", "leadId": 5, "role": "Buyer"}]',
		displayOptions: { show: { filterType: [COMPOUND_FILTER] } },
	},
	...returnAllAndLimit,
	optionsCollection([objectFieldsOption, includeNotFound]),
];
