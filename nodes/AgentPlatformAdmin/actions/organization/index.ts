import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../helpers/fields';
import * as getInfo from './getInfo.operation';

export const description: INodeProperties[] = [
	operationProperty('organization', [getInfo.option], getInfo.operation),
	...getInfo.description,
];

/** Every operation of the resource, written in code. */
export const operations = { getInfo };
