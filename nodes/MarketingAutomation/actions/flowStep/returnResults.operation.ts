import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { jsonParse, NodeOperationError } from 'n8n-workflow';

import { inputError } from '../../../shared/inputError';
import { defineOperation, type BatchOutcome, type CheckedItem } from '../../../shared/operation';
import {
	checkValue,
	dataTypeOptions,
	MAX_TEXT_BYTES,
	RESERVED_NAMES,
	type DataType,
} from '../../flowStep/dataTypes';
import { sendCallback, type Callback } from '../../transport/callback';
import { failItems, groupBy } from '../batches';

/**
 * Flow Step → Return Results (one concern: the checks read exactly the body the one callback
 * sends, so they stay in one file): the results of the items a Flow Step Trigger started, sent back by
 * the callback of the invocation each item came from (provider interface 1.0.0,
 * `selfServiceFlowComplete`). One callback per invocation, whatever the number of items; items of
 * several invocations each go to their own. Every value is checked against its data type before
 * anything is sent; a callback is never sent twice (its token works once): not retried, and a lost
 * answer is reported as such. Nothing is kept in the workflow's static data: an execution that
 * changes it saves it whole when it ends, over what the trigger saved meanwhile (its duplicate
 * tokens), so Return Results leaves it alone; a batch returned again by a later run is refused by
 * the service (the token is used), and the error says so.
 */

const valueRows = (name: string, what: string): INodeProperties => ({
	displayName: what === 'field' ? 'Lead Fields' : 'Activity Attributes',
	name,
	type: 'fixedCollection',
	typeOptions: { multipleValues: true, sortable: true },
	placeholder: what === 'field' ? 'Add Lead Field' : 'Add Attribute',
	default: {},
	description:
		what === 'field'
			? "Values written to the lead: each name as declared in the trigger's Lead Fields Returned"
			: "Values recorded on the flow step's activity: each name as declared in the trigger's Activity Attributes",
	options: [
		{
			displayName: what === 'field' ? 'Field' : 'Attribute',
			name: 'value',
			values: [
				{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true },
				{
					displayName: 'Data Type',
					name: 'dataType',
					type: 'options',
					options: dataTypeOptions,
					default: 'string',
					description: 'As declared in the trigger; the value is checked against it',
				},
				{ displayName: 'Value', name: 'value', type: 'string', default: '' },
			],
		},
	],
});

const properties: INodeProperties[] = [
	{
		displayName: 'Callback',
		name: 'callback',
		type: 'json',
		default: '={{ $json.callback }}',
		required: true,
		description:
			"The callback of the invocation the item came from, as the Flow Step Trigger gave it. After a node that replaces the item, map it from the trigger's item by the trigger's name.",
	},
	{
		displayName: 'Lead ID',
		name: 'leadId',
		type: 'string',
		default: '={{ $json.leadId }}',
		required: true,
		description: "The lead's ID as the trigger gave it (leadId)",
	},
	{
		displayName: 'Success',
		name: 'success',
		type: 'boolean',
		default: true,
		description: 'Whether the flow step succeeded for this lead',
	},
	{
		displayName: 'Reason',
		name: 'reason',
		type: 'string',
		default: '',
		placeholder: 'e.g. No company found for the domain',
		description:
			'What went wrong for this lead (shown on its activity); sent only when Success is off',
	},
	{
		displayName: 'Error Code',
		name: 'errorCode',
		type: 'string',
		default: '',
		placeholder: 'e.g. NOT_FOUND',
		description:
			"A short code that classifies the failure in the service's statistics; sent only when Success is off",
	},
	valueRows('leadFields', 'field'),
	valueRows('activityAttributes', 'attribute'),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Chunk Error Code',
				name: 'chunkErrorCode',
				type: 'string',
				default: '',
				description:
					"Fail the whole invocation instead: the service records nothing for its leads and logs this code (taken from the invocation's first item)",
			},
			{
				displayName: 'Chunk Error Message',
				name: 'chunkErrorMessage',
				type: 'string',
				default: '',
				description: 'The message logged with Chunk Error Code',
			},
			{
				...valueRows('leadDefaults', 'field'),
				displayName: 'Lead Defaults',
				description:
					"Values for every lead of the invocation that sets none of its own (from the invocation's first item)",
			},
			{
				...valueRows('activityDefaults', 'attribute'),
				displayName: 'Activity Defaults',
				description:
					"Activity values for every lead of the invocation that sets none of its own (from the invocation's first item)",
			},
		],
	},
];

interface CallbackOf extends Callback {
	munchkinId: string;
}

interface Result {
	callback: CallbackOf;
	leadId: number;
	leadData: IDataObject;
	activityData: IDataObject;
	defaults: { leadDefaults: IDataObject; activityDefaults: IDataObject };
	chunkError?: { errorCode: string; errorMessage: string };
}

function readCallback(ctx: IExecuteFunctions, itemIndex: number): CallbackOf {
	let raw = ctx.getNodeParameter('callback', itemIndex, {}) as unknown;
	if (typeof raw === 'string') raw = jsonParse<unknown>(raw, { fallbackValue: undefined });
	const value = (raw && typeof raw === 'object' ? raw : {}) as IDataObject;
	const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : '');
	const callback = {
		url: text('url'),
		apiKey: text('apiKey'),
		token: text('token'),
		munchkinId: text('munchkinId'),
	};
	const missing = Object.entries(callback)
		.filter(([, v]) => v === '')
		.map(([k]) => k);
	if (missing.length > 0 || !/^https?:\/\//i.test(callback.url)) {
		throw inputError(
			ctx.getNode(),
			itemIndex,
			{ parameter: 'callback', missing: true },
			`Item ${itemIndex} has no flow step callback (${missing.length > 0 ? `missing ${missing.join(', ')}` : 'url is not http(s)'})`,
			"Set Callback to the Flow Step Trigger's callback of this lead, e.g. {{ $('Marketing Automation Flow Step Trigger').item.json.callback }}, when a node in between replaced the item.",
		);
	}
	return callback;
}

function readValues(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	forbidden: string[],
): IDataObject {
	const rows = ((ctx.getNodeParameter(parameter, itemIndex, {}) as IDataObject).value ??
		[]) as IDataObject[];
	const values: IDataObject = {};
	for (const row of rows) {
		const name = String(row.name ?? '').trim();
		const place = { parameter, key: name };
		if (!name || forbidden.includes(name)) {
			throw inputError(
				ctx.getNode(),
				itemIndex,
				place,
				name
					? `"${name}" cannot be returned in ${parameter}: the name is reserved`
					: `A value in ${parameter} has no name`,
				'Use the names declared in the Flow Step Trigger; success, reason and error code have their own fields, and the lead ID is Lead ID.',
			);
		}
		const checked = checkValue(row.dataType as DataType, row.value);
		if ('problem' in checked) {
			throw inputError(
				ctx.getNode(),
				itemIndex,
				place,
				`The value of "${name}" ${checked.problem} (item ${itemIndex})`,
				`Change the value, or the Data Type if "${name}" is declared with another type in the Flow Step Trigger.`,
			);
		}
		values[name] = checked.value as IDataObject[string];
	}
	return values;
}

function check(this: IExecuteFunctions, itemIndex: number): Result {
	const callback = readCallback(this, itemIndex);
	const leadText = String(this.getNodeParameter('leadId', itemIndex, '')).trim();
	const leadId = Number(leadText);
	if (!/^\d+$/.test(leadText) || !Number.isSafeInteger(leadId)) {
		throw inputError(
			this.getNode(),
			itemIndex,
			{ parameter: 'leadId', missing: leadText === '' },
			`Item ${itemIndex} has no valid lead ID ("${leadText}")`,
			"Set Lead ID to the trigger's leadId of this lead, e.g. {{ $('Marketing Automation Flow Step Trigger').item.json.leadId }}.",
		);
	}
	const success = this.getNodeParameter('success', itemIndex, true) as boolean;
	const activityData: IDataObject = {
		...readValues(this, itemIndex, 'activityAttributes', RESERVED_NAMES),
		success,
	};
	if (!success) {
		for (const key of ['reason', 'errorCode'] as const) {
			const value = String(this.getNodeParameter(key, itemIndex, '')).trim();
			const checked = checkValue('text', value);
			if ('problem' in checked) {
				throw inputError(
					this.getNode(),
					itemIndex,
					{ parameter: key },
					`${key} ${checked.problem}`,
					`Shorten it to ${MAX_TEXT_BYTES} bytes.`,
				);
			}
			if (value) activityData[key] = value;
		}
	}
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const optionValues = (name: string, forbidden: string[]) =>
		options[name] ? readValues(this, itemIndex, `options.${name}`, forbidden) : {};
	const errorCode = String(options.chunkErrorCode ?? '').trim();
	return {
		callback,
		leadId,
		leadData: { ...readValues(this, itemIndex, 'leadFields', ['id']), id: leadId },
		activityData,
		defaults: {
			leadDefaults: optionValues('leadDefaults', ['id']),
			activityDefaults: optionValues('activityDefaults', RESERVED_NAMES),
		},
		...(errorCode
			? {
					chunkError: {
						errorCode,
						errorMessage: String(options.chunkErrorMessage ?? '').trim() || errorCode,
					},
				}
			: {}),
	};
}

/** The callback body of one invocation's items. */
function callbackBody(results: Result[]): IDataObject {
	const first = results[0];
	const body: IDataObject = { munchkinId: first.callback.munchkinId };
	if (first.chunkError) return { ...body, ...first.chunkError };
	const { leadDefaults, activityDefaults } = first.defaults;
	const defaults: IDataObject = {};
	if (Object.keys(leadDefaults).length > 0) defaults.leadDefaults = leadDefaults;
	if (Object.keys(activityDefaults).length > 0) defaults.activityDefaults = activityDefaults;
	if (Object.keys(defaults).length > 0) body.defaultValues = defaults;
	body.objectData = results.map(({ leadData, activityData }) => ({ leadData, activityData }));
	return body;
}

const leadsOf = (results: Result[]) => {
	const ids = results.map((r) => r.leadId);
	return ids.length === 1
		? `lead ${ids[0]}`
		: `leads ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ` and ${ids.length - 5} more` : ''}`;
};

async function runBatch(
	this: IExecuteFunctions,
	items: Array<CheckedItem<Result>>,
): Promise<BatchOutcome[][]> {
	const outcomes: BatchOutcome[][] = [];
	for (const members of groupBy(items, (item) => item.input.callback.token).values()) {
		const first = members[0];
		const indexes = members.map((m) => m.itemIndex);
		const other = members.find(
			(m) =>
				m.input.callback.url !== first.input.callback.url ||
				m.input.callback.apiKey !== first.input.callback.apiKey ||
				m.input.callback.munchkinId !== first.input.callback.munchkinId,
		);
		const results = members.map((m) => m.input);
		try {
			if (other) {
				throw new NodeOperationError(
					this.getNode(),
					`Items ${first.itemIndex} and ${other.itemIndex} have the same callback token but different callback details`,
					{
						itemIndex: other.itemIndex,
						description: "Pass each item's callback as the Flow Step Trigger gave it, unchanged.",
					},
				);
			}
			const status = await sendCallback(
				this,
				first.input.callback,
				callbackBody(results),
				leadsOf(results),
				first.itemIndex,
			);
			for (const { itemIndex, input } of members) {
				outcomes[itemIndex] = [
					{
						json: {
							leadId: input.leadId,
							success: input.chunkError ? false : input.activityData.success,
							returned: true,
							callbackStatus: status,
							leadsInCallback: members.length,
							...(input.chunkError ? { chunkError: input.chunkError.errorCode } : {}),
						},
					},
				];
			}
		} catch (error) {
			failItems(this, error as Error, indexes, outcomes);
		}
	}
	return outcomes;
}

export const operation = defineOperation<Result>({
	option: {
		name: 'Return Results',
		value: 'returnResults',
		description:
			'Send the results of a flow step back to the Smart Campaign: lead fields, activity and outcome per lead',
		action: 'Return flow step results',
	},
	fields: properties,
	since: 2,
	check,
	runBatch,
});
