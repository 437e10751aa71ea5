import { defineResource } from '../../../shared/operation';
import { operation as createOrUpdate } from './createOrUpdate.operation';
import { operation as describe } from './describe.operation';
import { operation as getAll } from './getAll.operation';
import { operation as setStatus } from './setStatus.operation';

export const programMember = defineResource(
	'programMember',
	[createOrUpdate, describe, getAll, setStatus],
	{
		default: 'getAll',
	},
);
