import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { apiRequest } from '../../transport';
import { chunk } from '../../transport/paging';
import { callFailure, failItems } from '../batches';
import { additionalFieldsCollection } from '../fields';
import { withReasons } from '../leadDatabase/write';
import { shorten } from '../parameters';
import { defineOperation, type CheckedItem } from '../../../shared/operation';

/** The service creates "up to 100 custom fields" per call. */
const FIELD_BATCH = 100;

const DATA_TYPES = [
	'boolean',
	'currency',
	'date',
	'datetime',
	'email',
	'float',
	'integer',
	'percent',
	'phone',
	'score',
	'string',
	'url',
];

const properties: INodeProperties[] = [
	{
		displayName: 'Display Name',
		name: 'displayName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Preferred Region',
	},
	{
		displayName: 'API Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. preferredRegion',
		description: 'Starts with a letter; letters, digits and _ only; unique in the instance',
	},
	{
		displayName: 'Data Type',
		name: 'dataType',
		type: 'options',
		default: 'string',
		options: DATA_TYPES.map((type) => ({
			name: type === 'datetime' ? 'Date Time' : type.charAt(0).toUpperCase() + type.slice(1),
			value: type,
		})),
	},
	additionalFieldsCollection([
		{ displayName: 'Description', name: 'description', type: 'string', default: '' },
		{
			displayName: 'Hidden',
			name: 'isHidden',
			type: 'boolean',
			default: false,
			description: 'Whether the field is hidden in the user interface',
		},
		{
			displayName: 'HTML Encode in Email',
			name: 'isHtmlEncodingInEmail',
			type: 'boolean',
			default: false,
			description: 'Whether the value is HTML-encoded when used in an email',
		},
		{
			displayName: 'Sensitive',
			name: 'isSensitive',
			type: 'boolean',
			default: false,
			description: 'Whether the field holds sensitive data',
		},
	]),
];

function check(this: IExecuteFunctions, i: number): IDataObject {
	const field: IDataObject = {
		displayName: String(this.getNodeParameter('displayName', i, '')).trim(),
		name: String(this.getNodeParameter('name', i, '')).trim(),
		dataType: this.getNodeParameter('dataType', i, 'string') as string,
	};
	if (!field.displayName) {
		throw new NodeOperationError(this.getNode(), `Display Name is empty in item ${i}`, {
			itemIndex: i,
			description: 'Give the field a display name.',
		});
	}
	if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(field.name as string)) {
		throw new NodeOperationError(
			this.getNode(),
			`API Name ${shorten(String(field.name))} in item ${i} is not allowed`,
			{
				itemIndex: i,
				description:
					'Start with a letter and use only letters, digits and _, e.g. preferredRegion.',
			},
		);
	}
	const additional = this.getNodeParameter('additionalFields', i, {}) as IDataObject;
	for (const key of ['description', 'isHidden', 'isHtmlEncodingInEmail', 'isSensitive']) {
		if (additional[key] !== undefined && additional[key] !== '') field[key] = additional[key];
	}
	return field;
}

/**
 * `POST /rest/v1/leads/schema/fields.json`, up to 100 fields per call, each item's result matched
 * by API name. Not safeToRepeat (the API user needs the schema permission): replayed only after a
 * 6xx answer, never after a timeout.
 */
async function executeBatch(
	this: IExecuteFunctions,
	prepared: Array<CheckedItem<IDataObject>>,
): Promise<BatchOutcome[][]> {
	const outcomes: BatchOutcome[][] = [];
	const batches = chunk(prepared, FIELD_BATCH);
	for (const [call, batch] of batches.entries()) {
		const indexes = batch.map((entry) => entry.itemIndex);
		try {
			const answer = await apiRequest.call(this, {
				method: 'POST',
				path: '/rest/v1/leads/schema/fields.json',
				body: { input: batch.map((entry) => entry.input) },
				safeToRepeat: false,
				itemIndex: indexes[0],
			});
			const byName = new Map((answer.result ?? []).map((r) => [String(r.name), r]));
			for (const { itemIndex, input: value } of batch) {
				const result = byName.get(String(value.name));
				const json: IDataObject = { name: value.name, status: result?.status ?? 'unknown' };
				outcomes[itemIndex] = [{ json: withReasons(json, result ?? {}) }];
			}
		} catch (error) {
			failItems(
				this,
				callFailure(error as Error, call, batches.length, indexes),
				indexes,
				outcomes,
			);
		}
	}
	return outcomes;
}

export const operation = defineOperation({
	option: {
		name: 'Create',
		value: 'create',
		description: 'Create a lead database field',
		action: 'Create a custom field',
	},
	fields: properties,
	check,
	runBatch: executeBatch,
});
