import type { INodeProperties } from 'n8n-workflow';

import { OBJECT_KINDS } from '../leadDatabase/objects';
import { objectOperationField } from '../leadDatabase/resource';
import * as createOrUpdate from './createOrUpdate.operation';
import * as deleteRecords from './delete.operation';
import * as describe from './describe.operation';
import * as getAll from './getAll.operation';

export const operations = { createOrUpdate, delete: deleteRecords, describe, getAll };

export const description: INodeProperties[] = [
	objectOperationField(OBJECT_KINDS.opportunityRole),
	...createOrUpdate.description,
	...deleteRecords.description,
	...describe.description,
	...getAll.description,
];
