import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { withInputPlace } from '../../../shared/inputError';
import { isToolRun, toolArgumentOf } from '../../../shared/tool';
import { isValidEmail } from '../../../shared/validation';
import { mapperOf, parameterOf } from '../../../shared/itemParameters';
import { isBlank, mappedSource } from '../../helpers/mappedRecord';
import { readFieldRows, shorten } from '../parameters';
import { COLUMN_MAPPER_VERSION } from '../versions';

/**
 * Lead Create or Update, mapping: what one input item becomes (the lead record, its write mode,
 * lookup field and partition), checked before any call. Versions 1 and 2 read Lead Data (Map
 * Automatically or Lead Fields) and Lookup Field; version 2.1 reads the column mapper (its column
 * matched on is the lookup field).
 */

/** Read-only system fields that the service rejects in an upsert. */
const READ_ONLY = new Set(['createdAt', 'updatedAt']);

export interface Upsert {
	action: string;
	lookupField: string;
	partitionName: string;
	lead: IDataObject;
	/**
	 * Version 2.1: the parameter the lead came from (`toolRecord` or `columns.value`), for the
	 * check of its fields against the service's lead fields, and the model's argument it fills.
	 */
	from?: { parameter: string; argument?: string };
}

/** A lead from the model that is not a JSON object, named by its argument (or field name). */
function notAnObject(
	node: INode,
	itemIndex: number,
	value: unknown,
	argument?: string,
): NodeOperationError {
	return new NodeOperationError(
		node,
		`${argument ? `The argument '${argument}'` : 'Lead (From the Model)'} is ${shorten(value)}, not a JSON object of lead fields: send e.g. {"email": "ana@example.com", "firstName": "Ana"}`,
		{ itemIndex, description: 'Send the lead as one JSON object of field names and values.' },
	);
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
	if (isBlank(fromModel)) return {};
	let lead = fromModel;
	if (typeof lead === 'string') {
		try {
			lead = JSON.parse(lead);
		} catch {
			// refused below
		}
	}
	if (lead === null || typeof lead !== 'object' || Array.isArray(lead)) {
		throw notAnObject(node, itemIndex, fromModel, toolArgumentOf(node, 'toolLead'));
	}
	return lead as IDataObject;
}

/**
 * Version 2.1's source of a lead: what the column mapper gives (the item, the model's lead as a
 * tool, or the columns set by hand), checked to be an object. The model's lead cleared by the
 * user is no lead, as in version 2.
 */
function mappedLeadSource(
	ctx: IExecuteFunctions,
	node: INode,
	itemIndex: number,
	columns: IDataObject,
	argument: string | undefined,
): IDataObject {
	const source = mappedSource(ctx, itemIndex, columns);
	if (isBlank(source)) return {};
	if (typeof source !== 'object' || Array.isArray(source)) {
		throw withInputPlace(notAnObject(node, itemIndex, source, argument), {
			parameter: 'toolRecord',
		});
	}
	return source as IDataObject;
}

/** Version 2.1's lookup field: the mapper's column matched on (one), `email` when none is. */
function matchedLookupField(node: INode, itemIndex: number, columns: IDataObject): string {
	const matching = Array.isArray(columns.matchingColumns)
		? columns.matchingColumns.map((name) => String(name).trim()).filter(Boolean)
		: [];
	if (matching.length > 1) {
		throw new NodeOperationError(
			node,
			`The Lookup Field of item ${itemIndex} is ${shorten(matching.join(' + '))}, several fields`,
			{ itemIndex, description: 'A lead is looked up by one field: pick one, e.g. email.' },
		);
	}
	return matching[0] ?? 'email';
}

/**
 * Reads and checks one item's upsert: the lead from the item's fields (Map Automatically, or the
 * model's lead object as a tool) or from the fields set by hand, with a lookup value and a valid
 * email. Bad input throws a `NodeOperationError` naming the item (or the model's argument).
 */
export function upsertReader(ctx: IExecuteFunctions, node: INode): (i: number) => Upsert {
	const items = ctx.getInputData();
	const mapped = node.typeVersion >= COLUMN_MAPPER_VERSION;
	const actionOf = parameterOf(ctx, 'syncAction', 'createOrUpdate');
	const lookupFieldOf = parameterOf(ctx, 'lookupField', 'email');
	const dataModeOf = parameterOf(ctx, 'dataMode', 'autoMap');
	const columnsOf = mapperOf(ctx);
	const additionalOf = parameterOf<IDataObject>(ctx, 'additionalFields', {});
	const leadFieldsOf = parameterOf<IDataObject>(ctx, 'leadFields', {});
	// As a tool with Map Automatically, the lead is the model's argument: messages name it.
	const leadArgument = isToolRun(node)
		? toolArgumentOf(node, mapped ? 'toolRecord' : 'toolLead')
		: undefined;
	return (i) => {
		const action = String(actionOf(i));
		const columns = mapped ? columnsOf(i) : {};
		const automatic = mapped
			? columns.mappingMode === 'autoMapInputData'
			: dataModeOf(i) === 'autoMap';
		const lookupField = mapped
			? matchedLookupField(node, i, columns)
			: String(lookupFieldOf(i)).trim() || 'email';
		const additional = additionalOf(i);
		const fromModel = leadArgument !== undefined && automatic;
		const lead: IDataObject = {};
		if (automatic) {
			const source = mapped
				? mappedLeadSource(ctx, node, i, columns, leadArgument)
				: autoMapSource(ctx, node, i, items[i].json);
			for (const key of Object.keys(source)) {
				const value = source[key];
				if (value === undefined || READ_ONLY.has(key)) continue;
				// `id` identifies a lead only with updateOnly; elsewhere the service refuses it.
				if (key === 'id' && action !== 'updateOnly') continue;
				lead[key] = value;
			}
		} else if (mapped) {
			for (const [name, value] of Object.entries((columns.value ?? {}) as IDataObject)) {
				// A field left empty in the mapper is not sent.
				if (isBlank(value)) continue;
				lead[name] = value;
			}
		} else {
			Object.assign(lead, readFieldRows(leadFieldsOf(i)));
		}
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
		if (action !== 'createDuplicate' && isBlank(lookupValue)) {
			throw new NodeOperationError(
				node,
				fromModel
					? `The argument '${leadArgument}' has no ${shorten(lookupField)} field, which identifies the lead: add it to the lead object`
					: `Item ${i} has no value for the lookup field ${shorten(lookupField)}`,
				{ itemIndex: i, description: `Add a "${lookupField}" field to the lead data.` },
			);
		}
		if (!isBlank(lead.email)) {
			if (typeof lead.email !== 'string' || !isValidEmail(lead.email.trim())) {
				throw new NodeOperationError(
					node,
					`The email ${shorten(lead.email)} of ${fromModel ? `the argument '${leadArgument}'` : `item ${i}`} is not a valid email address`,
					{ itemIndex: i, description: 'Fix the address or leave it out; no call was made.' },
				);
			}
			lead.email = lead.email.trim();
		}
		const upsert: Upsert = {
			action,
			lookupField,
			partitionName: String(additional.partitionName ?? '').trim(),
			lead,
		};
		if (mapped) {
			upsert.from = {
				parameter: automatic && isToolRun(node) ? 'toolRecord' : 'columns.value',
				argument: fromModel ? leadArgument : undefined,
			};
		}
		return upsert;
	};
}
