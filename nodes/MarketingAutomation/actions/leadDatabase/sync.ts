import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { inputError } from '../../../shared/inputError';
import { runsAsTool } from '../../../shared/tool';
import type { CheckedItem } from '../../../shared/operation';
import { checkAgainstService } from '../batches';
import { perExecution } from '../../../shared/perExecution';
import { mapperOf, parameterOf } from '../../../shared/itemParameters';
import { isBlank, mappedSource } from '../../helpers/mappedRecord';
import { shorten } from '../parameters';
import { columnsField, objectFields, objectToolRecordField, syncActionField } from './fields';
import {
	crmRefusal,
	keyLabel,
	keysOf,
	itemObjectPath,
	type ObjectKeys,
	type ObjectKind,
} from './objects';
import { sendRecordBatches, withReasons } from './write';

/** Fields the service sets itself; an upsert that sends them is refused. */
const SYSTEM_FIELDS = new Set(['createdAt', 'updatedAt', 'seq']);

interface Upsert {
	path: string;
	action: string;
	matching: string[];
	record: IDataObject;
	/** The parameter the record comes from (see `recordParameter`). */
	recordParameter: string;
}

interface Keyed extends Upsert {
	dedupeBy: 'dedupeFields' | 'idField';
	key: string[];
}

/** The parameter an item's record comes from: the model's record as a tool, else the mapper. */
function recordParameter(ctx: IExecuteFunctions, columns: IDataObject): string {
	return columns.mappingMode === 'autoMapInputData' && runsAsTool(ctx)
		? 'toolRecord'
		: 'columns.value';
}

/** The record of an item: mapped automatically (the item, or the model's object) or as defined. */
function recordOf(ctx: IExecuteFunctions, itemIndex: number, columns: IDataObject): IDataObject {
	const auto = columns.mappingMode === 'autoMapInputData';
	const source = mappedSource(ctx, itemIndex, columns);
	if (source === null || typeof source !== 'object' || Array.isArray(source)) {
		throw inputError(
			ctx.getNode(),
			itemIndex,
			{ parameter: recordParameter(ctx, columns) },
			`The record of item ${itemIndex} is ${shorten(source)}, not an object of field names and values`,
			'Send the record as one JSON object, e.g. {"externalCompanyId": "C-1"}.',
		);
	}
	const record: IDataObject = {};
	for (const [name, value] of Object.entries(source as IDataObject)) {
		if (SYSTEM_FIELDS.has(name) || value === undefined) continue;
		// A field left empty in the mapper is not sent (a mapped item may still send null).
		if (!auto && (value === null || value === '')) continue;
		record[name] = value;
	}
	return record;
}

/**
 * Checks one record against the object's keys before any write: the columns to match on are the
 * dedupe key or the ID field (and the ID field only with updateOnly), and the record holds every
 * key value. Returns the record as the service takes it.
 */
function keyed(
	ctx: IExecuteFunctions,
	kind: ObjectKind,
	itemIndex: number,
	upsert: Upsert,
	keys: ObjectKeys,
): Keyed {
	const matching = [...new Set(upsert.matching)].sort();
	const dedupe = [...keys.dedupeFields].sort();
	let dedupeBy: Keyed['dedupeBy'];
	if (matching.length === 0 || matching.join('\u0000') === dedupe.join('\u0000')) {
		dedupeBy = 'dedupeFields';
	} else if (matching.length === 1 && matching[0] === keys.idField) {
		dedupeBy = 'idField';
	} else {
		throw new NodeOperationError(
			ctx.getNode(),
			`Columns to Match On of item ${itemIndex} are ${shorten(keyLabel(upsert.matching))}, not a key of ${kind.plural}`,
			{
				itemIndex,
				description: `Match on the dedupe key (${keyLabel(keys.dedupeFields)}) or on the ID field (${keys.idField}).`,
			},
		);
	}
	if (dedupeBy === 'idField' && upsert.action !== 'updateOnly') {
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex} matches on the ID field ${keys.idField}, which works only with Write Mode "Update Existing, Skip New"`,
			{
				itemIndex,
				description: `Set Write Mode to "Update Existing, Skip New", or match on the dedupe key (${keyLabel(keys.dedupeFields)}).`,
			},
		);
	}
	const key = dedupeBy === 'idField' ? [keys.idField] : keys.dedupeFields;
	const missing = key.filter((field) => isBlank(upsert.record[field]));
	if (missing.length > 0) {
		throw inputError(
			ctx.getNode(),
			itemIndex,
			{ parameter: upsert.recordParameter, key: missing[0], missing: true },
			`Item ${itemIndex} has no value for ${keyLabel(missing)}, which ${kind.plural} are matched on`,
			`Map ${keyLabel(missing)} to a value; no call was made.`,
		);
	}
	const record = { ...upsert.record };
	// The ID field identifies a record only when matching on it; the service refuses it otherwise.
	if (dedupeBy === 'dedupeFields') delete record[keys.idField];
	return { ...upsert, record, dedupeBy, key };
}

/**
 * Create or Update of a lead-database object (`POST <object>.json` with `action`, `dedupeBy` and
 * up to 300 records): records of all items with the same path, action and key go 300 per call,
 * calls run concurrently under the limiter, a record key is never in two calls in flight, and each
 * item gets its record's status, ID and reasons (a record skipped because a CRM sync owns the
 * object says so, with the fix).
 */
export function syncOperation(kind: ObjectKind) {
	const readersOf = perExecution((ctx: IExecuteFunctions) => ({
		actionOf: parameterOf(ctx, 'syncAction', 'createOrUpdate'),
		columnsOf: mapperOf(ctx),
	}));

	function check(this: IExecuteFunctions, i: number): Upsert {
		const { actionOf, columnsOf } = readersOf(this);
		const columns = columnsOf(i);
		const record = recordOf(this, i, columns);
		if (Object.keys(record).length === 0) {
			throw new NodeOperationError(this.getNode(), `Item ${i} has no fields to send`, {
				itemIndex: i,
				description: `Map the item to ${kind.singular} fields.`,
			});
		}
		return {
			path: itemObjectPath(this, kind, i),
			action: String(actionOf(i)),
			matching: Array.isArray(columns.matchingColumns) ? columns.matchingColumns.map(String) : [],
			record,
			recordParameter: recordParameter(this, columns),
		};
	}

	async function executeBatch(
		this: IExecuteFunctions,
		items: Array<CheckedItem<Upsert>>,
	): Promise<BatchOutcome[][]> {
		const outcomes: BatchOutcome[][] = [];
		const checked = await checkAgainstService(this, items, outcomes, async (itemIndex, value) =>
			keyed(this, kind, itemIndex, value, await keysOf(this, kind, value.path, itemIndex)),
		);
		await sendRecordBatches(this, checked, outcomes, {
			groupOf: ({ value }) => `${value.path}|${value.action}|${value.dedupeBy}`,
			keyOf: ({ value }) =>
				JSON.stringify([
					value.path,
					...value.key.map((field) => String(value.record[field]).trim().toLowerCase()),
				]),
			callOf: (batch) => {
				const { path, action, dedupeBy } = batch[0].value;
				const body: IDataObject = { action, input: batch.map(({ value }) => value.record) };
				if (dedupeBy === 'idField') body.dedupeBy = dedupeBy;
				// Replaying createOnly after a lost answer would report the created record as skipped.
				return {
					path: `${path}.json`,
					body,
					safeToRepeat: action !== 'createOnly',
					refusals: crmRefusal(kind),
				};
			},
			onResult: ({ itemIndex, value }, result) => {
				const json: IDataObject = { status: result.status };
				for (const field of value.key) json[field] = value.record[field];
				for (const id of ['id', 'marketoGUID']) if (result[id] !== undefined) json[id] = result[id];
				withReasons(json, result);
				const reasons = (json.reasons ?? []) as Array<{ code?: unknown }>;
				if (reasons.some((reason) => String(reason.code) === '1018')) json.hint = kind.crmNote;
				outcomes[itemIndex] = [{ json }];
			},
		});
		return outcomes;
	}

	return {
		fields: [
			...objectFields(kind),
			syncActionField,
			columnsField(kind),
			objectToolRecordField(kind),
		],
		check,
		runBatch: executeBatch,
	};
}
