import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { callsInFlight } from '../../transport';
import { runBatches } from '../batches';
import { perExecution } from '../../../shared/perExecution';
import { additionalFieldsCollection, columnMapper, fieldRowsCollection } from '../fields';
import { beforeVersionTwoOne, fromVersionTwoOne } from '../versions';
import { upsertBatches } from './upsertBatching';
import { sendUpsertBatch } from './upsertCall';
import { upsertReader, type Upsert } from './upsertMapping';
import { withKnownFields } from './upsertFields';
import { defineOperation, type CheckedItem } from '../../../shared/operation';
import { toolRecordField } from '../../../shared/toolRecord';

/** The argument a model fills with the lead when the node runs as a tool with Map Automatically. */
const TOOL_LEAD_ARGUMENT = 'lead';
const TOOL_LEAD_DESCRIPTION =
	'The lead as a JSON object of field names and values, e.g. {"email": "ana@example.com", "firstName": "Ana", "company": "Example Inc"}. Include the lookup field (email unless told otherwise); use the service\'s field names (camelCase).';

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
		// Version 2.1 picks it in the column mapper (Lookup Field).
		displayOptions: { show: beforeVersionTwoOne },
	},
	{
		displayName: 'Lead Data',
		name: 'dataMode',
		type: 'options',
		default: 'autoMap',
		displayOptions: { show: beforeVersionTwoOne },
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
		displayOptions: { show: { '@tool': [true], dataMode: ['autoMap'], ...beforeVersionTwoOne } },
	},
	fieldRowsCollection(
		'Lead Fields',
		'leadFields',
		'getLeadFields',
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		{ dataMode: ['define'], ...beforeVersionTwoOne },
	),
	// Version 2.1: the lead's fields in the column mapper, as every other upsert of the node.
	columnMapper({
		displayName: 'Fields',
		method: 'getLeadColumns',
		mode: 'upsert',
		show: fromVersionTwoOne,
		multiKeyMatch: false,
		matchLabels: {
			title: 'Lookup Field',
			description:
				'The field that identifies an existing lead (email by default); the ID only with Write Mode "Update Existing, Skip New"',
		},
	}),
	// Version 2.1's Lead (From the Model), under the name the column mapper reads as a tool
	// (`mappedSource`), with the same `lead` argument as version 2.
	toolRecordField({
		displayName: 'Lead (From the Model)',
		argument: TOOL_LEAD_ARGUMENT,
		argumentDescription: TOOL_LEAD_DESCRIPTION,
		description:
			'The lead fields the AI model sends, as a JSON object of field names and values. With Map Automatically, only these are mapped when the node runs as a tool.',
		show: fromVersionTwoOne,
	}),
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

// n8n hands out a deep copy of the node on every getNode(): the reader is made once per execution.
const readerOf = perExecution((ctx) => upsertReader(ctx, ctx.getNode()));

/**
 * Create or Update, batched: in version 2.1 the leads' fields are first checked against the
 * service's lead fields (one describe); then the items that share action, lookup field and
 * partition go 300 per call (`POST /rest/v1/leads.json`); the service answers one result per
 * input record, in input order, and each item gets its own record's status (`created`, `updated`
 * or `skipped` with the reasons). Calls run concurrently (up to the credential's calls in flight), except that a call
 * holding a lookup value waits for every earlier call holding the same value: two calls with one
 * value are never in flight together (which could create a duplicate), and the later input wins,
 * as when the calls ran one after another.
 */
async function executeBatch(
	this: IExecuteFunctions,
	prepared: Array<CheckedItem<Upsert>>,
): Promise<BatchOutcome[][]> {
	const node = this.getNode();
	const outcomes: BatchOutcome[][] = [];
	const known = await withKnownFields(this, prepared, outcomes);
	const { batches, waitsFor } = upsertBatches(known);
	await runBatches(
		batches,
		await callsInFlight(this),
		async (batch, index) =>
			await sendUpsertBatch(this, node, batch, index, batches.length, outcomes),
		(index) => waitsFor[index],
	);
	return outcomes;
}

export const operation = defineOperation({
	option: {
		name: 'Create or Update',
		value: 'createOrUpdate',
		description:
			"Create or update leads matched by a lookup field (email by default), 300 per call. Map Automatically sends the item's fields; as an AI agent tool, the lead object the model sends.",
		action: 'Create or update leads matched by email or another field',
	},
	fields: properties,
	check(itemIndex) {
		return readerOf(this)(itemIndex);
	},
	runBatch: executeBatch,
});
