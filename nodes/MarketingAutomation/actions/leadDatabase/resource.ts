import { defineResource } from '../../../shared/operation';
import { describeOperation } from './describe';
import type { ObjectKind } from './objects';
import { queryOperation } from './query';
import { deleteOperation } from './remove';
import { syncOperation } from './sync';

/**
 * A lead-database object's resource: the same four operations, built for its kind (nothing about
 * them differs by object but the words and keys in `OBJECT_KINDS`), so they need no file each.
 */
export function objectResource(kind: ObjectKind, defaultFilter: string) {
	const { plural } = kind;
	return defineResource(
		kind.resource,
		[
			{
				option: {
					name: 'Create or Update',
					value: 'createOrUpdate',
					description: `Create or update ${plural} matched by their dedupe key (or ID), 300 per call; each item gets its status, ID and reasons`,
					action: `Create or update ${plural}`,
				},
				...syncOperation(kind),
			},
			{
				option: {
					name: 'Delete',
					value: 'delete',
					description: `Delete ${plural} by their dedupe key or ID, 300 per call`,
					action: `Delete ${plural}`,
				},
				...deleteOperation(kind),
			},
			{
				option: {
					name: 'Describe',
					value: 'describe',
					description: `Get the fields, dedupe key and searchable fields of ${plural}`,
					action: `Describe ${plural}`,
				},
				...describeOperation(kind),
			},
			{
				option: {
					name: 'Get Many',
					value: 'getAll',
					description: `Get many ${plural} whose searchable field (or compound key) matches one of the values, 300 per call. A value with no record gives found: false.`,
					action: `Get many ${plural} by a field`,
				},
				...queryOperation(kind, defaultFilter),
			},
		],
		{ default: 'getAll' },
	);
}
