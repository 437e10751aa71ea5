import type { INodeProperties } from 'n8n-workflow';

import * as approveDraft from './approveDraft.operation';
import * as getByName from './getByName.operation';
import * as getContent from './getContent.operation';
import * as getPrograms from './getPrograms.operation';

export const operations = { approveDraft, getByName, getContent, getPrograms };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['email'] } },
		options: [
			{
				name: 'Approve Draft',
				value: 'approveDraft',
				description: 'Approve the draft of an email',
				action: 'Approve an email draft',
			},
			{
				name: 'Get by Name',
				value: 'getByName',
				description: 'Get an email by its exact name',
				action: 'Get an email by name',
			},
			{
				name: 'Get Content',
				value: 'getContent',
				description: 'Get the editable sections of an email',
				action: 'Get email content',
			},
			{
				name: 'Get Many Email Programs',
				value: 'getPrograms',
				description: 'Get many programs of type Email',
				action: 'Get many email programs',
			},
		],
		default: 'getContent',
	},
	...approveDraft.description,
	...getByName.description,
	...getContent.description,
	...getPrograms.description,
];
