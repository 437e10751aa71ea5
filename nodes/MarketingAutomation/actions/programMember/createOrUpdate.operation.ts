import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { checkAgainstService } from '../batches';
import { perExecution } from '../../../shared/perExecution';
import { beforeVersionTwoOne, COLUMN_MAPPER_VERSION } from '../versions';
import { optionsCollection } from '../../../shared/descriptions';
import { fieldRowsCollection, programLocator } from '../fields';
import { readFieldRows, readId, readIdList } from '../parameters';
import { hasFailed, sendRecordBatches, withReasons } from '../leadDatabase/write';
import { memberColumnsField, membersPath, readStatusName, writableMemberFields } from './fields';
import { itemParameter, mapperOf } from '../../../shared/itemParameters';
import { isBlank } from '../../helpers/mappedRecord';
import { defineOperation, type CheckedItem } from '../../../shared/operation';

const properties: INodeProperties[] = [
	programLocator,
	{
		displayName: 'Lead ID',
		name: 'leadId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1001',
		description: 'The lead whose membership is written (one per item; items go 300 per call)',
	},
	memberColumnsField,
	// Version 2's list of fields; version 2.1 maps them with the column mapper.
	fieldRowsCollection(
		'Member Fields',
		'memberFields',
		'getProgramMemberFields',
		'An updateable or custom member field. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		beforeVersionTwoOne,
	),
	optionsCollection([
		{
			displayName: 'Status Name',
			name: 'statusName',
			type: 'string',
			default: '',
			placeholder: 'e.g. Registered',
			description:
				'Make the lead a member in this status first (created when it is not a member yet); without it, only existing members are updated',
		},
	]),
];

interface MemberWrite {
	itemIndex: number;
	programId: number;
	statusName: string;
	leadId: number;
	fields: IDataObject;
	/** Map Automatically: the item's fields, of which the member fields are written. */
	automatic?: IDataObject;
}

const keyOf = (entry: MemberWrite) => `${entry.programId}|${entry.leadId}`;

/** The mapper's reader, made once per execution (n8n copies the node on every getNode()). */
const columnsOf = perExecution((ctx) =>
	ctx.getNode().typeVersion >= COLUMN_MAPPER_VERSION ? mapperOf(ctx) : undefined,
);

function check(this: IExecuteFunctions, i: number): MemberWrite {
	const ids = readIdList(this, 'leadId', i, 'Lead ID');
	if (ids.length !== 1) {
		throw new NodeOperationError(this.getNode(), `Item ${i} names ${ids.length} leads`, {
			itemIndex: i,
			description: 'Give one lead per item; split the leads into items first.',
		});
	}
	const fields = readFieldRows(itemParameter<IDataObject>(this, 'memberFields', i, {}));
	delete fields.leadId;
	let automatic: IDataObject | undefined;
	const columnsOfItem = columnsOf(this);
	if (columnsOfItem) {
		const columns = columnsOfItem(i);
		if (columns.mappingMode === 'defineBelow') Object.assign(fields, definedFields(columns));
		else automatic = this.getInputData()[i].json;
	}
	const options = itemParameter<IDataObject>(this, 'options', i, {});
	const statusName = options.statusName ? readStatusName(this, 'options.statusName', i) : '';
	// Mapped automatically, the member fields are known from the describe, in the batch.
	if (!automatic && Object.keys(fields).length === 0 && !statusName) {
		throw new NodeOperationError(this.getNode(), `Item ${i} has no member fields to write`, {
			itemIndex: i,
			description: 'Add a member field, or set a Status Name under Options.',
		});
	}
	return {
		itemIndex: i,
		programId: readId(this, 'program', i, 'program'),
		statusName,
		leadId: ids[0],
		fields,
		automatic,
	};
}

/** The fields set with Map Each Column Manually (an empty one is not sent). */
function definedFields(columns: IDataObject): IDataObject {
	const fields: IDataObject = {};
	for (const [name, value] of Object.entries((columns.value ?? {}) as IDataObject)) {
		if (name === 'leadId' || isBlank(value)) continue;
		fields[name] = value;
	}
	return fields;
}

/**
 * Map Automatically: the item's fields that are writable member fields (by name, from the
 * members' describe); the item's other fields (its email, its name…) are no member fields.
 */
async function withMappedFields(
	ctx: IExecuteFunctions,
	items: Array<CheckedItem<MemberWrite>>,
	outcomes: BatchOutcome[][],
): Promise<MemberWrite[]> {
	if (!items.some(({ input }) => input.automatic)) return items.map(({ input }) => input);
	const checked = await checkAgainstService(ctx, items, outcomes, async (itemIndex, entry) => {
		if (!entry.automatic) return entry;
		const writable = await writableMemberFields(ctx, itemIndex);
		const fields: IDataObject = {};
		for (const [name, value] of Object.entries(entry.automatic)) {
			if (writable.has(name) && value !== undefined) fields[name] = value;
		}
		if (Object.keys(fields).length === 0 && !entry.statusName) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Item ${itemIndex} has no member fields to write`,
				{
					itemIndex,
					description:
						"Give the item fields named like the program's member fields (e.g. registrationCode), map them with Map Each Column Manually, or set a Status Name under Options.",
				},
			);
		}
		return { ...entry, fields };
	});
	return checked.map(({ value }) => value);
}

/**
 * Create or Update program members: with a Status Name, Sync Program Member Status first
 * (`POST …/members/status.json`, which creates missing members), then Sync Program Member Data
 * (`POST /rest/v1/programs/{id}/members.json` with up to 300 `{leadId, …fields}`); one member per
 * item, 300 per call, a lead never in two calls of one program in flight. Each item gets its
 * member's status (`updated`, or `skipped` with 1013 when the lead is not a member).
 */
async function executeBatch(
	this: IExecuteFunctions,
	prepared: Array<CheckedItem<MemberWrite>>,
): Promise<BatchOutcome[][]> {
	const outcomes: BatchOutcome[][] = [];
	const entries = await withMappedFields(this, prepared, outcomes);
	const membership = new Map<number, IDataObject>();

	const withStatus = entries.filter((entry) => entry.statusName);
	if (withStatus.length > 0) {
		await sendRecordBatches(this, withStatus, outcomes, {
			groupOf: (entry) => `${entry.programId}|${entry.statusName}`,
			keyOf,
			callOf: (batch) => ({
				path: `${membersPath(batch[0].programId)}/status.json`,
				body: { statusName: batch[0].statusName, input: batch.map(({ leadId }) => ({ leadId })) },
				safeToRepeat: true,
			}),
			onResult: (entry, result) =>
				membership.set(entry.itemIndex, withReasons({ status: result.status }, result)),
		});
	}

	const withFields = entries.filter(
		(entry) => Object.keys(entry.fields).length > 0 && !hasFailed(outcomes, entry.itemIndex),
	);
	const written = new Map<number, IDataObject>();
	await sendRecordBatches(this, withFields, outcomes, {
		groupOf: (entry) => String(entry.programId),
		keyOf,
		callOf: (batch) => ({
			path: `${membersPath(batch[0].programId)}.json`,
			body: { input: batch.map(({ leadId, fields }) => ({ leadId, ...fields })) },
			safeToRepeat: true,
		}),
		onResult: (entry, result) => written.set(entry.itemIndex, result),
	});

	for (const entry of entries) {
		if (hasFailed(outcomes, entry.itemIndex)) continue;
		const json: IDataObject = { programId: entry.programId, leadId: entry.leadId };
		const status = membership.get(entry.itemIndex);
		if (status) json.membership = status;
		const result = written.get(entry.itemIndex);
		if (result) withReasons(Object.assign(json, { status: result.status }), result);
		else if (status) json.status = status.status;
		outcomes[entry.itemIndex] = [{ json }];
	}
	return outcomes;
}

export const operation = defineOperation({
	option: {
		name: 'Create or Update',
		value: 'createOrUpdate',
		description:
			'Write member fields (custom ones too) of leads in a program, optionally making them members in a status first; 300 per call',
		action: 'Create or update program members',
	},
	fields: properties,
	check,
	runBatch: executeBatch,
});
