import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../helpers/fields';
import * as getMany from './getMany.operation';
import * as run from './run.operation';

export const description: INodeProperties[] = [
	operationProperty('tool', [getMany.option, run.option], run.operation),
	...run.description,
	...getMany.description,
];

/** Every operation of the resource, written in code. */
export const operations = { getMany, run };
