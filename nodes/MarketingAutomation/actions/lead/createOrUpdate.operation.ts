import type { IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { isToolRun, toolArgumentOf } from '../../../shared/tool';
import { isValidEmail } from '../../../shared/validation';
import { apiRequest, callsInFlight } from '../../transport';
import { chunk, LEAD_BATCH } from '../../transport/paging';
import { runBatches, callFailure, failItems, prepareAll } from '../batches';
import { additionalFieldsCollection } from '../fields';
import { parameterOf, shorten } from '../parameters';
import type { MarketingAutomationMap } from '../node.type';

export const operation = 'createOrUpdate' satisfies MarketingAutomationMap['lead'];

/** The argument a model fills with the lead when the node runs as a tool with Map Automatically. */
const TOOL_LEAD_ARGUMENT = 'lead';
const TOOL_LEAD_DESCRIPTION =
	'The lead as a JSON object of field names and values, e.g. {"email": "ana@example.com", "firstName": "Ana", "company": "Example Inc"}. Include the lookup field (email unless told otherwise); use the service\'s field names (camelCase).';

/**
 * The fields "Map Automatically" maps for item `itemIndex`: the item's own fields, or, when the node
 * runs as a tool, only the lead object the model sent (Lead (From the Model)): never the agent's
 * input fields or n8n's `toolCallId`.
 */
function autoMapSource(
	ctx: IExecuteFunctions,
	node: INode,
	itemIndex: number,
	json: IDataObject,
): IDataObject {
	if (!isToolRun(node)) return json;
	const fromModel: unknown = ctx.getNodeParameter('toolLead', itemIndex, '');
	// Cleared by the user: the model's other arguments fill other fields, so there is no lead.
	if (fromModel === '' || fromModel === undefined || fromModel === null) return {};
	let lead = fromModel;
	if (typeof lead === 'string') {
		try {
			lead = JSON.parse(lead);
		} catch {
			// refused below
		}
	}
	if (lead === null || typeof lead !== 'object' || Array.isArray(lead)) {
		const argument = toolArgumentOf(node, 'toolLead');
		throw new NodeOperationError(
			node,
			`${argument ? `The argument '${argument}'` : 'Lead (From the Model)'} is ${shorten(fromModel)}, not a JSON object of lead fields: send e.g. {"email": "ana@example.com", "firstName": "Ana"}`,
			{ itemIndex, description: 'Send the lead as one JSON object of field names and values.' },
		);
	}
	return lead as IDataObject;
}

const properties: INodeProperties[] = [
	{
		// The service's `action`; the parameter keeps its name and values so saved workflows run as before.
		displayName: 'Write Mode',
		name: 'syncAction',
		type: 'options',
		default: 'createOrUpdate',
		description:
			'What happens to a lead that matches an existing one by the lookup field, and to a lead that matches none',
		options: [
			{
				name: 'Always Create a New Lead',
				value: 'createDuplicate',
				description: 'Create a lead even when one matches, which makes a duplicate',
			},
			{
				name: 'Create New, Skip Existing',
				value: 'createOnly',
				description: 'Create a lead when none matches; leave a matching lead unchanged (skipped)',
			},
			{
				name: 'Create New, Update Existing',
				value: 'createOrUpdate',
				description: 'Update the matching lead, or create one when none matches',
			},
			{
				name: 'Update Existing, Skip New',
				value: 'updateOnly',
				description: 'Update the matching lead; create nothing when none matches (skipped)',
			},
		],
	},
	{
		displayName: 'Lookup Field Name or ID',
		name: 'lookupField',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getFilterTypes' },
		default: 'email',
		description:
			'The field that identifies an existing lead. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Lead Data',
		name: 'dataMode',
		type: 'options',
		default: 'autoMap',
		options: [
			{
				name: 'Map Automatically',
				value: 'autoMap',
				description: "Send the input item's fields as lead fields (same names)",
			},
			{
				name: 'Define Below',
				value: 'define',
				description: 'Set each lead field explicitly',
			},
		],
	},
	{
		// As an AI agent's tool, "Map Automatically" maps what the model sends here, never the
		// agent's own input (chatInput, sessionId, …) or n8n's tool-call fields (toolCallId).
		displayName: 'Lead (From the Model)',
		name: 'toolLead',
		type: 'json',
		default: `={{ $fromAI('${TOOL_LEAD_ARGUMENT}', \`${TOOL_LEAD_DESCRIPTION}\`, 'json') }}`,
		description:
			'The lead fields the AI model sends, as a JSON object of field names and values. Only these are mapped when the node runs as a tool.',
		displayOptions: { show: { '@tool': [true], dataMode: ['autoMap'] } },
	},
	{
		displayName: 'Lead Fields',
		name: 'leadFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: { dataMode: ['define'] } },
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Field Name or ID',
						name: 'name',
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getLeadFields' },
						default: '',
						description:
							'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
					},
				],
			},
		],
	},
	additionalFieldsCollection([
		{
			displayName: 'Partition Name',
			name: 'partitionName',
			type: 'string',
			default: '',
			description:
				'Lead partition to create leads in; used by the write modes "Create New, Skip Existing" and "Create New, Update Existing"',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['lead'], operation: [operation] } },
	properties,
);

/** Read-only system fields that the service rejects in an upsert. */
const READ_ONLY = new Set(['createdAt', 'updatedAt']);

interface Upsert {
	action: string;
	lookupField: string;
	partitionName: string;
	lead: IDataObject;
}

/** A lookup value as the service compares it (email addresses without regard to case). */
const lookupKey = (lookupField: string, value: unknown) =>
	`${lookupField}\u0000${String(value ?? '')
		.trim()
		.toLowerCase()}`;

/**
 * Create or Update, batched: the items that share action, lookup field and partition go 300 per
 * call (`POST /rest/v1/leads.json`); the service answers one result per input record, in input
 * order, and each item gets its own record's status (`created`, `updated` or `skipped` with the
 * reasons). Calls run concurrently (up to the credential's calls in flight), except that a call
 * holding a lookup value waits for every earlier call holding the same value: two calls with one
 * value are never in flight together (which could create a duplicate), and the later input wins,
 * as when the calls ran one after another.
 */
export async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	const items = this.getInputData();
	// n8n hands out a deep copy of the node on every getNode(): once per execution, not per item.
	const node = this.getNode();
	const actionOf = parameterOf(this, 'syncAction', 'createOrUpdate');
	const lookupFieldOf = parameterOf(this, 'lookupField', 'email');
	const dataModeOf = parameterOf(this, 'dataMode', 'autoMap');
	const additionalOf = parameterOf<IDataObject>(this, 'additionalFields', {});
	const leadFieldsOf = parameterOf<IDataObject>(this, 'leadFields', {});
	// As a tool with Map Automatically, the lead is the model's argument: messages name it.
	const leadArgument = isToolRun(node) ? toolArgumentOf(node, 'toolLead') : undefined;
	const { prepared, outcomes } = prepareAll<Upsert>(this, itemIndexes, (i) => {
		const action = String(actionOf(i));
		const lookupField = String(lookupFieldOf(i)).trim() || 'email';
		const additional = additionalOf(i);
		const lead: IDataObject = {};
		if (dataModeOf(i) === 'autoMap') {
			const source = autoMapSource(this, node, i, items[i].json);
			for (const key of Object.keys(source)) {
				const value = source[key];
				if (value === undefined || READ_ONLY.has(key)) continue;
				// `id` identifies a lead only with updateOnly; elsewhere the service refuses it.
				if (key === 'id' && action !== 'updateOnly') continue;
				lead[key] = value;
			}
		} else {
			const rows = leadFieldsOf(i).field as
				| Array<{ name?: string; value?: IDataObject[keyof IDataObject] }>
				| undefined;
			for (const row of rows ?? []) {
				const name = String(row.name ?? '').trim();
				if (name) lead[name] = row.value;
			}
		}
		const fromModel = leadArgument !== undefined && dataModeOf(i) === 'autoMap';
		if (Object.keys(lead).length === 0) {
			throw new NodeOperationError(
				node,
				fromModel
					? `The argument '${leadArgument}' is missing or has no fields: send the lead's fields inside '${leadArgument}' as one JSON object, e.g. {"${leadArgument}": {"email": "ana@example.com", "firstName": "Ana"}}, not as separate arguments`
					: `Item ${i} has no lead fields to send`,
				{
					itemIndex: i,
					description: 'Map the item to lead fields, e.g. email, firstName, lastName.',
				},
			);
		}
		const lookupValue = lead[lookupField];
		if (
			action !== 'createDuplicate' &&
			(lookupValue === undefined || lookupValue === null || lookupValue === '')
		) {
			throw new NodeOperationError(
				node,
				fromModel
					? `The argument '${leadArgument}' has no ${shorten(lookupField)} field, which identifies the lead: add it to the lead object`
					: `Item ${i} has no value for the lookup field ${shorten(lookupField)}`,
				{ itemIndex: i, description: `Add a "${lookupField}" field to the lead data.` },
			);
		}
		if (lead.email !== undefined && lead.email !== null && lead.email !== '') {
			if (typeof lead.email !== 'string' || !isValidEmail(lead.email.trim())) {
				throw new NodeOperationError(
					node,
					`The email ${shorten(lead.email)} of ${fromModel ? `the argument '${leadArgument}'` : `item ${i}`} is not a valid email address`,
					{ itemIndex: i, description: 'Fix the address or leave it out; no call was made.' },
				);
			}
			lead.email = lead.email.trim();
		}
		return {
			action,
			lookupField,
			partitionName: String(additional.partitionName ?? '').trim(),
			lead,
		};
	});

	const groups = new Map<string, Array<{ itemIndex: number; value: Upsert }>>();
	for (const entry of prepared) {
		const key = `${entry.value.action}|${entry.value.lookupField}|${entry.value.partitionName}`;
		const members = groups.get(key);
		if (members) members.push(entry);
		else groups.set(key, [entry]);
	}
	const batches: Array<Array<{ itemIndex: number; value: Upsert }>> = [];
	for (const members of groups.values()) batches.push(...chunk(members, LEAD_BATCH));
	// Only the batches are needed from here on; a long run waits on the rate limit for minutes,
	// and what stays reachable meanwhile is what the garbage collector scans again and again.
	groups.clear();
	prepared.length = 0;

	// Each batch waits for the earlier batches that hold one of its lookup values.
	const lastBatchOf = new Map<string, number>();
	const waitsFor: number[][] = batches.map((batch, index) => {
		const before = new Set<number>();
		for (const { value } of batch) {
			const lookupValue = value.lead[value.lookupField];
			if (lookupValue === undefined || lookupValue === null || lookupValue === '') continue;
			const key = lookupKey(value.lookupField, lookupValue);
			const earlier = lastBatchOf.get(key);
			if (earlier !== undefined && earlier !== index) before.add(earlier);
			lastBatchOf.set(key, index);
		}
		return [...before];
	});
	lastBatchOf.clear();
	const batchCount = batches.length;

	await runBatches(
		batches,
		await callsInFlight(this),
		async (batch, index) => {
			const { action, lookupField, partitionName } = batch[0].value;
			const indexes = batch.map((m) => m.itemIndex);
			try {
				const body: IDataObject = { action, lookupField, input: batch.map((m) => m.value.lead) };
				if (partitionName) body.partitionName = partitionName;
				const answer = await apiRequest.call(this, {
					method: 'POST',
					path: '/rest/v1/leads.json',
					body,
					// Replaying createOnly / createDuplicate after a lost answer could duplicate leads.
					safeToRepeat: action === 'createOrUpdate' || action === 'updateOnly',
					itemIndex: indexes[0],
				});
				const results = answer.result ?? [];
				if (results.length !== batch.length) {
					throw new NodeApiError(
						node,
						{ message: 'result count mismatch' },
						{
							message: `The service answered ${results.length} results for ${batch.length} leads`,
							description: 'The per-lead statuses cannot be matched to the input items.',
							itemIndex: indexes[0],
						},
					);
				}
				batch.forEach(({ itemIndex, value }, k) => {
					const result = results[k];
					const json: IDataObject = { status: result.status };
					if (result.id !== undefined) json.id = result.id;
					if (value.lead[lookupField] !== undefined) json[lookupField] = value.lead[lookupField];
					if (Array.isArray(result.reasons) && result.reasons.length > 0)
						json.reasons = result.reasons;
					outcomes[itemIndex] = [{ json }];
				});
			} catch (error) {
				failItems(this, callFailure(error as Error, index, batchCount, indexes), indexes, outcomes);
			}
		},
		(index) => waitsFor[index],
	);
	return outcomes;
}
