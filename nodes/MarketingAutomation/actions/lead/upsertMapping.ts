import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isToolRun, toolArgumentOf } from '../../../shared/tool';
import { isValidEmail } from '../../../shared/validation';
import { parameterOf } from '../../../shared/itemParameters';
import { shorten } from '../parameters';

/**
 * Lead Create or Update, mapping: what one input item becomes (the lead record, its write mode,
 * lookup field and partition), checked before any call.
 */

/** Read-only system fields that the service rejects in an upsert. */
const READ_ONLY = new Set(['createdAt', 'updatedAt']);

export interface Upsert {
	action: string;
	lookupField: string;
	partitionName: string;
	lead: IDataObject;
}

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

/**
 * Reads and checks one item's upsert: the lead from the item's fields (Map Automatically, or the
 * model's lead object as a tool) or from Lead Fields, with a lookup value and a valid email.
 * Bad input throws a `NodeOperationError` naming the item (or the model's argument).
 */
export function upsertReader(ctx: IExecuteFunctions, node: INode): (i: number) => Upsert {
	const items = ctx.getInputData();
	const actionOf = parameterOf(ctx, 'syncAction', 'createOrUpdate');
	const lookupFieldOf = parameterOf(ctx, 'lookupField', 'email');
	const dataModeOf = parameterOf(ctx, 'dataMode', 'autoMap');
	const additionalOf = parameterOf<IDataObject>(ctx, 'additionalFields', {});
	const leadFieldsOf = parameterOf<IDataObject>(ctx, 'leadFields', {});
	// As a tool with Map Automatically, the lead is the model's argument: messages name it.
	const leadArgument = isToolRun(node) ? toolArgumentOf(node, 'toolLead') : undefined;
	return (i) => {
		const action = String(actionOf(i));
		const lookupField = String(lookupFieldOf(i)).trim() || 'email';
		const additional = additionalOf(i);
		const lead: IDataObject = {};
		if (dataModeOf(i) === 'autoMap') {
			const source = autoMapSource(ctx, node, i, items[i].json);
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
	};
}
