import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../helpers/fields';
import * as getMany from './getMany.operation';
import * as removeFromProject from './removeFromProject.operation';
import * as updateRole from './updateRole.operation';

export const description: INodeProperties[] = [
	operationProperty(
		'user',
		[getMany.option, removeFromProject.option, updateRole.option],
		updateRole.operation,
	),
	...updateRole.description,
	...removeFromProject.description,
	...getMany.description,
];

/** Every operation of the resource, written in code. */
export const operations = { getMany, removeFromProject, updateRole };
