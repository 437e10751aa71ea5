import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../helpers/fields';
import * as removeFromProject from './removeFromProject.operation';
import * as updateRole from './updateRole.operation';

export const description: INodeProperties[] = [
	operationProperty('user', [removeFromProject.option, updateRole.option], updateRole.operation),
	...updateRole.description,
	...removeFromProject.description,
];

/** Every operation of the resource, written in code. */
export const operations = { removeFromProject, updateRole };
