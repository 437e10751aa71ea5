import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../helpers/fields';
import * as create from './create.operation';
import * as getMany from './getMany.operation';
import * as revoke from './revoke.operation';

export const description: INodeProperties[] = [
	operationProperty('apiKey', [create.option, getMany.option, revoke.option], getMany.operation),
	...create.description,
	...getMany.description,
	...revoke.description,
];

/** Every operation of the resource, written in code. */
export const operations = { create, getMany, revoke };
