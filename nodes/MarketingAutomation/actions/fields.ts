import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { listThenIdModes } from '../../shared/descriptions';

/** The marketing node's shared field descriptions: locators, collections and options. */

/** The "Additional Fields" collection of a create or update operation. */
export function additionalFieldsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options,
	};
}

function locator(
	displayName: string,
	name: string,
	searchListMethod: string,
	what: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		...listThenIdModes(searchListMethod, {
			placeholder: 'e.g. 1001',
			regex: '^\\s*\\d+\\s*$',
			errorMessage: `Not a valid ${what} ID`,
		}),
	};
}

export const campaignLocator = locator('Campaign', 'campaign', 'searchCampaigns', 'campaign');
/** The campaign of Trigger: its list holds only the campaigns the service lets the API request. */
export const triggerCampaignLocator: INodeProperties = {
	...locator('Campaign', 'campaign', 'searchTriggerableCampaigns', 'campaign'),
	hint: 'Only active trigger campaigns can be requested, so only those are listed; use Schedule for batch campaigns',
	description:
		'An active trigger campaign whose smart list has the "Campaign is Requested" (web service API) trigger',
};
export const listLocator = locator('List', 'list', 'searchLists', 'list');
export const programLocator = locator('Program', 'program', 'searchPrograms', 'program');
/** The program of Program → Get: also by its exact name. */
export const programByNameLocator: INodeProperties = {
	...programLocator,
	modes: [
		...(programLocator.modes ?? []),
		{ displayName: 'By Name', name: 'name', type: 'string', placeholder: 'e.g. Webinar Template' },
	],
};
export const emailLocator = locator('Email', 'email', 'searchEmails', 'email');
export const formLocator = locator('Form', 'form', 'searchForms', 'form');

/** "My Tokens" overrides, `{{my.token}}` → value, for trigger and schedule. */
export const tokensCollection: INodeProperties = {
	displayName: 'Tokens',
	name: 'tokens',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Token',
	default: {},
	description: 'Program "my" tokens to override for this run (at most 100)',
	options: [
		{
			displayName: 'Token',
			name: 'token',
			values: [
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
					placeholder: 'e.g. {{my.offer}}',
					description: 'Token name, with or without the surrounding "{{my." and "}}"',
				},
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					default: '',
				},
			],
		},
	],
};

export const leadFieldsOption: INodeProperties = {
	displayName: 'Field Names or IDs',
	name: 'fields',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getLeadFields' },
	default: [],
	description:
		'Lead fields to return. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** The Include Not Found option of a lookup: an item with found: false for each miss. */
export const includeNotFoundOption = (description: string): INodeProperties => ({
	displayName: 'Include Not Found',
	name: 'includeNotFound',
	type: 'boolean',
	default: true,
	description,
});

/** Lead IDs / List ID options shared by the activity reads (the service's scope parameters). */
export const activityScopeOptions: INodeProperties[] = [
	{
		displayName: 'Lead IDs',
		name: 'leadIds',
		type: 'string',
		default: '',
		description: 'Only activities of these leads (at most 30, comma-separated)',
	},
	{
		displayName: 'List ID',
		name: 'listId',
		type: 'number',
		default: 0,
		description: 'Only activities of members of this static list (fewer than 10,000 members)',
	},
];

/** Names / Program Names / Workspace Names filters of the Lead Database list endpoints. */
export function nameFilters(what: string): INodeProperties[] {
	return [
		{
			displayName: 'Names',
			name: 'name',
			type: 'string',
			default: '',
			description: `Exact ${what} names, comma-separated`,
		},
		{
			displayName: 'Program Names',
			name: 'programName',
			type: 'string',
			default: '',
			description: 'Exact program names, comma-separated',
		},
		{
			displayName: 'Workspace Names',
			name: 'workspaceName',
			type: 'string',
			default: '',
			description: 'Exact workspace names, comma-separated',
		},
	];
}

/** The Lead IDs parameter of a write on a set of leads (combined across items, `batch` per call). */
export function leadIdsField(what: string, batch = 300): INodeProperties {
	return {
		displayName: 'Lead IDs',
		name: 'leadIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1001, 1002',
		description: `Leads to ${what}, comma-separated. The leads of all input items are combined, ${batch} per call.`,
	};
}

/** What differs between the node's column mappers (n8n's resource mapper). */
interface ColumnMapper {
	displayName: string;
	name?: string;
	method: string;
	mode: 'add' | 'upsert';
	word?: string;
	defaultMode?: 'autoMapInputData' | 'defineBelow';
	show?: IDisplayOptions['show'];
	dependsOn?: string[];
	addAllFields?: boolean;
	multiKeyMatch?: boolean;
	matchLabels?: { title: string; description: string };
}

/** A column mapper of `method`'s columns; an option not given is not in the description either. */
export function columnMapper(options: ColumnMapper): INodeProperties {
	const { show, dependsOn, multiKeyMatch, matchLabels, word = 'field' } = options;
	return {
		displayName: options.displayName,
		name: options.name ?? 'columns',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: options.defaultMode ?? 'autoMapInputData', value: null },
		required: true,
		...(show ? { displayOptions: { show } } : {}),
		typeOptions: {
			...(dependsOn ? { loadOptionsDependsOn: dependsOn } : {}),
			resourceMapper: {
				resourceMapperMethod: options.method,
				mode: options.mode,
				fieldWords: { singular: word, plural: `${word}s` },
				addAllFields: options.addAllFields ?? false,
				...(multiKeyMatch === undefined ? {} : { multiKeyMatch }),
				supportAutoMap: true,
				...(matchLabels ? { matchingFieldsLabels: matchLabels } : {}),
			},
		},
	};
}

/** Version 2's list of field rows: a field picked from `loadOptionsMethod`, and its value. */
export function fieldRowsCollection(
	displayName: string,
	name: string,
	loadOptionsMethod: string,
	description: string,
	show: IDisplayOptions['show'],
): INodeProperties {
	return {
		displayName,
		name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Field Name or ID',
						name: 'name',
						type: 'options',
						typeOptions: { loadOptionsMethod },
						default: '',
						description,
					},
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	};
}
