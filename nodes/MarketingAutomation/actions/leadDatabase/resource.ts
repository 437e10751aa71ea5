import type { INodeProperties } from 'n8n-workflow';

import { defineResource, type Operation, type OperationOption } from '../../../shared/operation';
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
	const built = {
		createOrUpdate: syncOperation(kind),
		delete: deleteOperation(kind),
		describe: describeOperation(kind),
		getAll: queryOperation(kind, defaultFilter),
	};
	const options = objectOperationField(kind).options as OperationOption[];
	const resource = defineResource(
		kind.resource,
		options.map((option) => {
			const { description, ...run } = built[option.value as keyof typeof built];
			return { option, fields: description, ...run } as Operation;
		}),
		{ default: 'getAll' },
	);
	return {
		operations: resource.operations as Record<keyof typeof built, Operation>,
		description: resource.properties,
	};
}

/** The Operation parameter every lead-database object shows (the same four operations). */
export function objectOperationField(kind: ObjectKind): INodeProperties {
	const { plural } = kind;
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [kind.resource] } },
		options: [
			{
				name: 'Create or Update',
				value: 'createOrUpdate',
				description: `Create or update ${plural} matched by their dedupe key (or ID), 300 per call; each item gets its status, ID and reasons`,
				action: `Create or update ${plural}`,
			},
			{
				name: 'Delete',
				value: 'delete',
				description: `Delete ${plural} by their dedupe key or ID, 300 per call`,
				action: `Delete ${plural}`,
			},
			{
				name: 'Describe',
				value: 'describe',
				description: `Get the fields, dedupe key and searchable fields of ${plural}`,
				action: `Describe ${plural}`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: `Get many ${plural} whose searchable field (or compound key) matches one of the values, 300 per call. A value with no record gives found: false.`,
				action: `Get many ${plural} by a field`,
			},
		],
		default: 'getAll',
	};
}
