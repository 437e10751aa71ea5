import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../helpers/fields';
import * as create from './create.operation';

export const description: INodeProperties[] = [
	operationProperty('project', [create.option], create.operation),
	...create.description,
];

/** Operations implemented in code (all of this resource's operations are routed). */
export const operations = {};
