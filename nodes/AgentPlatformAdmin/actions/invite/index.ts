import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../helpers/fields';
import * as changeRole from './changeRole.operation';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as getMany from './getMany.operation';
import * as resend from './resend.operation';

export const description: INodeProperties[] = [
	operationProperty(
		'invite',
		[changeRole.option, create.option, del.option, getMany.option, resend.option],
		create.operation,
	),
	...create.description,
	...del.description,
	...changeRole.description,
	...getMany.description,
	...resend.description,
];

/** Every operation of the resource, written in code. */
export const operations = { changeRole, create, delete: del, getMany, resend };
