import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../helpers/fields';
import * as create from './create.operation';
import * as getMany from './getMany.operation';

export const description: INodeProperties[] = [
	operationProperty('project', [create.option, getMany.option], create.operation),
	...create.description,
	...getMany.description,
];

/** Every operation of the resource, written in code. */
export const operations = { create, getMany };
