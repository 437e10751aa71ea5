import type { INodeProperties } from 'n8n-workflow';

import { checkAnswer, checkProjectInput, outputOf } from '../../shared/hooks';
import { projectCreateFields } from './create';

export const projectDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['project'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a project',
				description: 'Create a project in an organization and return its ID',
				routing: {
					request: { method: 'POST', url: '/projects/create' },
					send: { preSend: [checkProjectInput] },
					output: {
						postReceive: [checkAnswer('create the project', false), outputOf((answer) => answer)],
					},
				},
			},
		],
		default: 'create',
	},
	...projectCreateFields,
];
