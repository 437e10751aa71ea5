import type { INodeProperties } from 'n8n-workflow';

const showFor = { show: { resource: ['project'], operation: ['create'] } };

export const projectCreateFields: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Support agents',
		description: 'Name of the new project',
		displayOptions: showFor,
		routing: { send: { type: 'body', property: 'name' } },
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		typeOptions: { rows: 2 },
		placeholder: 'e.g. Agents that answer customer tickets',
		description: 'What the project is for',
		displayOptions: showFor,
		routing: { send: { type: 'body', property: 'description' } },
	},
	{
		displayName: 'Organization ID',
		name: 'organizationId',
		type: 'string',
		required: true,
		default: '',
		description: 'ID of the organization that will own the project',
		displayOptions: showFor,
		routing: { send: { type: 'body', property: 'organization_id' } },
	},
];
