import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import type { CheckedItem } from '../../../shared/operation';
import { checkAgainstService } from '../batches';
import { perExecution } from '../../../shared/perExecution';
import { itemParameter, parameterOf } from '../../../shared/itemParameters';
import { isBlank } from '../../helpers/mappedRecord';
import { shorten } from '../parameters';
import { objectFields } from './fields';
import { crmRefusal, keyLabel, keysOf, itemObjectPath, type ObjectKind } from './objects';
import { sendRecordBatches, withReasons } from './write';

const deleteFields = (kind: ObjectKind): INodeProperties[] => [
	...objectFields(kind),
	{
		displayName: 'Delete By',
		name: 'deleteBy',
		type: 'options',
		default: 'dedupeFields',
		options: [
			{
				name: 'Dedupe Key',
				value: 'dedupeFields',
				description: `The ${kind.singular}'s dedupe field(s), e.g. its external ID`,
			},
			{
				name: 'ID Field',
				value: 'idField',
				description: `The ID the service gave the ${kind.singular}`,
			},
		],
	},
	{
		displayName: 'Key',
		name: 'recordKey',
		type: 'string',
		default: '',
		required: true,
		placeholder: kind.examples.key,
		description: `The ${kind.singular} to delete: the key's value, or for a compound key a JSON object of its fields, e.g. {"externalOpportunityId": "O-1", "leadId": 5, "role": "Buyer"}. One ${kind.singular} per item; the items go 300 per call.`,
	},
];

/** The key record of an item: `{field: value}` for a one-field key, the JSON object for a compound one. */
function keyRecord(
	ctx: IExecuteFunctions,
	itemIndex: number,
	raw: unknown,
	key: string[],
	kind: ObjectKind,
): IDataObject {
	if (key.length === 1 && (typeof raw !== 'object' || raw === null)) {
		const text = String(raw ?? '').trim();
		if (!text.startsWith('{')) {
			if (!text) {
				throw new NodeOperationError(ctx.getNode(), `Key is empty in item ${itemIndex}`, {
					itemIndex,
					description: `Give the ${key[0]} of the ${kind.singular} to delete.`,
				});
			}
			return { [key[0]]: /^\d+$/.test(text) && key[0] === 'id' ? Number(text) : text };
		}
	}
	let value = raw;
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value);
		} catch {
			// refused below
		}
	}
	const record =
		value !== null && typeof value === 'object' && !Array.isArray(value)
			? (value as IDataObject)
			: undefined;
	const missing = record ? key.filter((field) => isBlank(record[field])) : key;
	const extra = record ? Object.keys(record).filter((field) => !key.includes(field)) : [];
	if (!record || missing.length > 0 || extra.length > 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The key ${shorten(raw)} of item ${itemIndex} is not a key of ${kind.plural}${missing.length > 0 ? `: ${keyLabel(missing)} missing` : extra.length > 0 ? `: ${keyLabel(extra)} not part of the key` : ''}`,
			{
				itemIndex,
				description: `Give a JSON object with exactly ${keyLabel(key)}, e.g. ${JSON.stringify(Object.fromEntries(key.map((k) => [k, '…'])))}.`,
			},
		);
	}
	return record;
}

/** One item's delete as its check reads it (the key is checked against the object's keys). */
interface Removal {
	path: string;
	deleteBy: 'idField' | 'dedupeFields';
	raw: unknown;
}

/**
 * Delete of a lead-database object (`POST <object>/delete.json` with `deleteBy` and up to 300 key
 * records, only the key's fields): one record per item, 300 per call, concurrently; each item gets
 * its record's status (`deleted`, or `skipped` with the reasons and `found: false` for a record
 * that does not exist).
 */
export function deleteOperation(kind: ObjectKind) {
	const deleteByOf = perExecution((ctx: IExecuteFunctions) =>
		parameterOf(ctx, 'deleteBy', 'dedupeFields'),
	);

	function check(this: IExecuteFunctions, i: number): Removal {
		const deleteBy = String(deleteByOf(this)(i)) === 'idField' ? 'idField' : 'dedupeFields';
		return {
			path: itemObjectPath(this, kind, i),
			deleteBy,
			raw: itemParameter<unknown>(this, 'recordKey', i, ''),
		};
	}

	async function executeBatch(
		this: IExecuteFunctions,
		items: Array<CheckedItem<Removal>>,
	): Promise<BatchOutcome[][]> {
		const outcomes: BatchOutcome[][] = [];
		const checked = (
			await checkAgainstService(this, items, outcomes, async (itemIndex, value) => {
				const keys = await keysOf(this, kind, value.path, itemIndex);
				const key = value.deleteBy === 'idField' ? [keys.idField] : keys.dedupeFields;
				return { ...value, record: keyRecord(this, itemIndex, value.raw, key, kind) };
			})
		).map(({ itemIndex, value }) => ({ itemIndex, ...value }));
		await sendRecordBatches(this, checked, outcomes, {
			groupOf: (entry) => `${entry.path}|${entry.deleteBy}`,
			keyOf: (entry) => JSON.stringify([entry.path, entry.record]),
			callOf: (batch) => ({
				path: `${batch[0].path}/delete.json`,
				body: { deleteBy: batch[0].deleteBy, input: batch.map((entry) => entry.record) },
				safeToRepeat: true,
				refusals: crmRefusal(kind),
			}),
			onResult: (entry, result) => {
				const json: IDataObject = { status: result.status, ...entry.record };
				for (const id of ['id', 'marketoGUID']) if (result[id] !== undefined) json[id] = result[id];
				const reasons = (result.reasons ?? []) as Array<{ code?: unknown }>;
				if (reasons.some((reason) => String(reason.code) === '1013')) json.found = false;
				outcomes[entry.itemIndex] = [{ json: withReasons(json, result) }];
			},
		});
		return outcomes;
	}

	return { fields: deleteFields(kind), check, runBatch: executeBatch };
}
