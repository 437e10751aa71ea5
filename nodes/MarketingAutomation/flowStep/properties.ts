import type { INodeProperties } from 'n8n-workflow';

import { dataTypeOptions } from './dataTypes';

/** The Flow Step Trigger's fields: the flow step as the marketing service will show and call it. */

const nameField = (description: string): INodeProperties => ({
	displayName: 'API Name',
	name: 'apiName',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. jobTitle',
	description,
});

const dataTypeField: INodeProperties = {
	displayName: 'Data Type',
	name: 'dataType',
	type: 'options',
	options: dataTypeOptions,
	default: 'string',
};

const suggestedField: INodeProperties = {
	displayName: 'Suggested Lead Field',
	name: 'suggestedField',
	type: 'string',
	default: '',
	placeholder: 'e.g. title',
	description:
		"The lead field's API name the service proposes when the admin maps this field at install",
};

export const properties: INodeProperties[] = [
	{
		displayName:
			"Install the flow step in the marketing service from this node's Production URL ending in /openapi.json (Admin → Service Providers → Add New Service). Activate the workflow first. Return the results with the Marketing Automation node's Flow Step → Return Results.",
		name: 'notice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Flow Step Name',
		name: 'flowStepName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Enrich Lead',
		description: "The flow step's name in the Smart Campaign flow palette",
	},
	{
		displayName: 'Flow Step API Name',
		name: 'flowStepApiName',
		type: 'string',
		default: 'workflowFlowStep',
		required: true,
		description:
			'The identifier of the service and its activity type in the marketing service (letters and digits)',
	},
	{
		displayName: 'Description',
		name: 'flowStepDescription',
		type: 'string',
		default: '',
		placeholder: 'e.g. Adds job title and company size from the enrichment service',
	},
	{
		displayName: 'Provider Name',
		name: 'providerName',
		type: 'string',
		default: 'n8n',
		required: true,
		description: 'The name of the service provider in the Service Providers list',
	},
	{
		displayName: 'Support Contact',
		name: 'supportContact',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. marketing-ops@example.com',
		description: 'An e-mail address or URL where the marketing team gets help with this flow step',
	},
	{
		displayName: 'Flow Step Inputs',
		name: 'flowInputs',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Input',
		default: {},
		description:
			'What the marketer fills in on each flow step; sent with every lead. The first input is the primary one the activity is named by; with none, the node adds a Step Label input.',
		options: [
			{
				displayName: 'Input',
				name: 'input',
				values: [
					nameField('The key the input arrives under in the items (flowInputs.<name>)'),
					{
						displayName: 'Display Name',
						name: 'displayName',
						type: 'string',
						default: '',
						description: 'The label in the flow step (the API name when empty)',
					},
					dataTypeField,
					{
						displayName: 'Choices',
						name: 'choices',
						type: 'string',
						typeOptions: { rows: 3 },
						default: '',
						placeholder: 'e.g. quick=Quick look-up',
						description:
							'A picklist: one choice per line, as value or value=Label. Empty: free input.',
					},
					{
						displayName: 'Only These Choices',
						name: 'enforceChoices',
						type: 'boolean',
						default: true,
						description: 'Whether the marketer must pick one of the choices',
					},
				],
			},
		],
	},
	{
		displayName: 'Lead Fields Sent',
		name: 'incomingFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Field',
		default: {},
		description:
			"The lead fields the workflow needs; the admin maps each to a lead field at install, and they arrive in each item's lead",
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					nameField('The key the field arrives under in lead (not "id": the lead ID always comes)'),
					suggestedField,
					dataTypeField,
					{
						displayName: 'Required',
						name: 'required',
						type: 'boolean',
						default: false,
						description: 'Whether the admin must map this field',
					},
				],
			},
		],
	},
	{
		displayName: 'Lead Fields Returned',
		name: 'returnedFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Field',
		default: {},
		description: 'The lead fields Return Results may write; the admin maps each at install',
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					nameField('The name Return Results uses for this field'),
					suggestedField,
					dataTypeField,
				],
			},
		],
	},
	{
		displayName: 'Activity Attributes',
		name: 'activityAttributes',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Attribute',
		default: {},
		description:
			"What the flow step's activity records for each lead, besides success, reason and error code (names must differ from the inputs')",
		options: [
			{
				displayName: 'Attribute',
				name: 'attribute',
				values: [
					nameField('The name Return Results uses for this attribute'),
					{
						displayName: 'Display Name',
						name: 'displayName',
						type: 'string',
						default: '',
					},
					dataTypeField,
				],
			},
		],
	},
	{
		displayName: 'Contexts',
		name: 'contexts',
		type: 'multiOptions',
		options: [
			{ name: 'Campaign', value: 'campaign' },
			{ name: 'Program', value: 'program' },
			{ name: 'Program Member', value: 'programMember' },
			{ name: 'Subscription', value: 'subscription' },
			{ name: 'Trigger', value: 'trigger' },
		],
		default: ['programMember', 'trigger'],
		description: 'What the service sends along with the leads',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Invocations per Minute',
				name: 'invocationsPerMinute',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description:
					'Answer 429 (the service retries later) once this many invocations started in the last minute; 0 for no limit',
			},
			{
				displayName: 'My Tokens',
				name: 'myContext',
				type: 'string',
				default: '',
				placeholder: 'e.g. Event Date, Event Address',
				description: 'Program tokens to receive, by name without {{my. }}, separated by commas.',
			},
		],
	},
];
