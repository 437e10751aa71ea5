/**
 * Form → Submit as one operation: its fields, the reading of each fill and its check against the
 * form's own fields, and the one call, sent once. One concern: every check reads exactly what the
 * call would send, so they stay together.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { defineOperation, type BatchOutcome } from '../../../shared/operation';
import { toolArgumentOf } from '../../../shared/tool';
import { toolRecordField } from '../../../shared/toolRecord';
import { withDecision } from '../../../shared/toolDecision';
import { isValidEmail } from '../../../shared/validation';
import { apiRead, apiRequest } from '../../transport';
import { checkAgainstService, eachItem } from '../batches';
import { columnMapper, formLocator } from '../fields';
import { readId, shorten } from '../parameters';
import { isBlank, mappedSource } from '../../helpers/mappedRecord';
import { readFormFields } from './formFields';

const PATH = '/rest/v1/leads/submitForm.json';
const VISITOR_FIELDS = ['pageURL', 'queryString', 'leadClientIpAddress', 'userAgentString'];

const properties: INodeProperties[] = [
	formLocator,
	columnMapper({
		displayName: 'Fields',
		name: 'formFields',
		method: 'getFormFields',
		mode: 'add',
		defaultMode: 'defineBelow',
		dependsOn: ['form.value'],
		addAllFields: true,
		multiKeyMatch: false,
	}),
	toolRecordField({
		displayName: 'Fields (From the Model)',
		argument: 'fields',
		argumentDescription:
			'The form fill as one JSON object of the form’s field names (Form → Get Fields) and values; email is required',
		description:
			'The form fields the AI model sends, as a JSON object. With Map Automatically, only these are submitted when the node runs as a tool.',
		mapper: 'formFields',
	}),
	optionsCollection([
		{
			displayName: 'Cookie',
			name: 'cookie',
			type: 'string',
			default: '',
			description:
				'The visitor’s tracking cookie, to join their anonymous web activity to the lead',
		},
		{
			displayName: 'Program ID',
			name: 'programId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 3003',
			description: 'The program the fill counts for (in the form’s workspace)',
		},
		{
			displayName: 'Visitor Data',
			name: 'visitorData',
			type: 'collection',
			placeholder: 'Add Visitor Data',
			default: {},
			options: [
				{
					displayName: 'Client IP Address',
					name: 'leadClientIpAddress',
					type: 'string',
					default: '',
				},
				{ displayName: 'Page URL', name: 'pageURL', type: 'string', default: '' },
				{ displayName: 'Query String', name: 'queryString', type: 'string', default: '' },
				{ displayName: 'User Agent', name: 'userAgentString', type: 'string', default: '' },
			],
		},
	]),
];

interface FormFill {
	formId: number;
	/** The model's argument the fields came from, when the node runs as a tool and maps it. */
	argument?: string;
	programId?: number;
	fields: IDataObject;
	visitorData?: IDataObject;
	cookie?: string;
}

function refuse(
	ctx: IExecuteFunctions,
	itemIndex: number,
	message: string,
	fix: string,
	argument?: string,
): never {
	const error = new NodeOperationError(ctx.getNode(), message, { itemIndex, description: fix });
	// As a tool, a refused form fill is the model's argument to change, not a setting.
	throw argument ? withDecision(error, { kind: 'fixArgument', argument }) : error;
}

/** The `$fromAI` argument the fields come from: as a tool, mapped automatically. */
function fieldsArgument(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const mapper = ctx.getNodeParameter('formFields', itemIndex, {}) as IDataObject;
	if (mapper.mappingMode !== 'autoMapInputData') return undefined;
	return toolArgumentOf(ctx.getNode(), 'toolRecord');
}

/** The record of an item: mapped automatically (the item, or the model's object) or as defined. */
function fieldsOf(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const mapper = ctx.getNodeParameter('formFields', itemIndex, {}) as IDataObject;
	const argument = fieldsArgument(ctx, itemIndex);
	const source = mappedSource(ctx, itemIndex, mapper);
	if (source === null || typeof source !== 'object' || Array.isArray(source)) {
		refuse(
			ctx,
			itemIndex,
			`The form fill of item ${itemIndex} is ${shorten(source)}, not an object of field names and values`,
			'Send the fields as one JSON object, e.g. {"email": "ana@example.com", "firstName": "Ana"}.',
			argument,
		);
	}
	const fields: IDataObject = {};
	for (const [name, value] of Object.entries(source as IDataObject)) {
		// A field left empty in the mapper is not sent.
		if (isBlank(value)) continue;
		if (typeof value === 'object') {
			refuse(
				ctx,
				itemIndex,
				`The field ${shorten(name)} of item ${itemIndex} holds ${Array.isArray(value) ? 'a list' : 'an object'}`,
				'A form field takes text, a number or true/false; send several choices as one text separated by semicolons.',
				argument,
			);
		}
		fields[name] = value;
	}
	return fields;
}

function check(this: IExecuteFunctions, itemIndex: number): FormFill {
	const formId = readId(this, 'form', itemIndex, 'form');
	const fields = fieldsOf(this, itemIndex);
	const argument = fieldsArgument(this, itemIndex);
	// The form's field id (`Email`) or the REST name (`email`): both name the lead's e-mail.
	const emailKey = Object.keys(fields).find((name) => name.toLowerCase() === 'email') ?? 'email';
	const email = String(fields[emailKey] ?? '').trim();
	if (!email) {
		refuse(
			this,
			itemIndex,
			`The form fill of item ${itemIndex} has no email`,
			'Map the email field: the service files every form fill under the lead with that e-mail address.',
			argument,
		);
	}
	if (!isValidEmail(email)) {
		refuse(
			this,
			itemIndex,
			`The email ${shorten(email)} of item ${itemIndex} is not an e-mail address`,
			'Map the email field to an address such as ana@example.com.',
			argument,
		);
	}
	fields[emailKey] = email;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const fill: FormFill = { formId, fields, argument };
	const programId = String(options.programId ?? '').trim();
	if (programId)
		fill.programId = readId(this, 'options.programId', itemIndex, 'program', programId);
	const visitor = (options.visitorData ?? {}) as IDataObject;
	const visitorData: IDataObject = {};
	for (const key of VISITOR_FIELDS) {
		const value = String(visitor[key] ?? '').trim();
		if (value) visitorData[key] = value;
	}
	if (Object.keys(visitorData).length > 0) fill.visitorData = visitorData;
	const cookie = String(options.cookie ?? '').trim();
	if (cookie) fill.cookie = cookie;
	return fill;
}

/**
 * The names a fill may use for each field of a form, and the REST name each is sent as. The form
 * lists its fields by id (`FirstName`), the fill is sent by REST name (`firstName`); the lead
 * describe gives both names of each lead field. A form field the describe lacks keeps its id.
 */
interface FormNames {
	/** Field id or REST name → REST name. */
	readonly restName: ReadonlyMap<string, string>;
	/** The form's field ids, as Get Fields lists them. */
	readonly ids: readonly string[];
}

export function formNames(formFields: IDataObject[], describe: IDataObject[]): FormNames {
	const bySoap = new Map<string, string>();
	for (const field of describe) {
		const rest = String((field.rest as IDataObject | undefined)?.name ?? '');
		const soap = String((field.soap as IDataObject | undefined)?.name ?? '');
		if (rest && soap) bySoap.set(soap, rest);
	}
	const restName = new Map<string, string>();
	const ids: string[] = [];
	for (const field of formFields) {
		// Rows such as the progressive-profiling block hold no lead field.
		if (field.id === undefined || field.dataType === 'profiling') continue;
		const id = String(field.id);
		const rest = bySoap.get(id) ?? id;
		ids.push(id);
		restName.set(id, rest);
		restName.set(rest, rest);
	}
	return { restName, ids };
}

/**
 * Refuses a fill with a field the form does not have, naming it, before the fill is sent; then
 * names each field by its REST name, as the service takes it.
 */
function checkOnForm(
	ctx: IExecuteFunctions,
	itemIndex: number,
	fill: FormFill,
	onForm: FormNames,
): FormFill {
	const stray = Object.keys(fill.fields).filter((name) => !onForm.restName.has(name));
	if (stray.length > 0) {
		const names = stray.map((name) => shorten(name)).join(', ');
		refuse(
			ctx,
			itemIndex,
			`Item ${itemIndex} sends ${stray.length === 1 ? 'a field' : 'fields'} form ${fill.formId} does not have: ${names} (its fields: ${onForm.ids.join(', ')}); nothing was submitted`,
			'The service takes only the form’s own fields, by field ID (Form → Get Fields lists them) or by the lead field’s REST name: remove or rename the others, or add the field to the form in the service.',
			fill.argument,
		);
	}
	const fields: IDataObject = {};
	for (const [name, value] of Object.entries(fill.fields)) {
		const rest = onForm.restName.get(name) as string;
		if (rest in fields) {
			refuse(
				ctx,
				itemIndex,
				`Item ${itemIndex} sends the field ${shorten(rest)} twice, by its field ID and by its REST name; nothing was submitted`,
				'Map each form field once.',
				fill.argument,
			);
		}
		fields[rest] = value;
	}
	return { ...fill, fields };
}

/** One form fill: `POST /rest/v1/leads/submitForm.json` with one record, sent once. */
async function submit(ctx: IExecuteFunctions, itemIndex: number, fill: FormFill) {
	const record: IDataObject = { leadFormFields: fill.fields };
	if (fill.visitorData) record.visitorData = fill.visitorData;
	if (fill.cookie) record.cookie = fill.cookie;
	const body: IDataObject = { formId: fill.formId };
	if (fill.programId !== undefined) body.programId = fill.programId;
	body.input = [record];
	const email = String(fill.fields.email);
	const answer = await apiRequest.call(ctx, {
		method: 'POST',
		path: PATH,
		body,
		safeToRepeat: false,
		itemIndex,
		ambiguity: {
			message: `The form fill of ${email} on form ${fill.formId} got no clear answer, so it may have been recorded; it was not sent again`,
			fix: `Submitting again could log a second form fill and run its campaigns twice. Look the lead up by e-mail (Lead → Get Many, filter type email) and check its activities for a "Fill Out Form" on form ${fill.formId} before running the node again.`,
		},
		refusals: {
			'702': {
				message: `No form with ID ${fill.formId} (702)`,
				fix: 'Pick the form from the list.',
			},
			'1003': {
				message: (why) => `Form ${fill.formId} could not be submitted (1003): ${why}`,
				fix: 'The program must be in the form’s workspace: pick a program of that workspace, or leave Program ID empty.',
			},
		},
	});
	const outcome = answer.result?.[0] ?? {};
	if (outcome.status === 'skipped' || outcome.status === undefined) {
		const reason = ((outcome.reasons as IDataObject[] | undefined) ?? [])[0] ?? {};
		const code = reason.code === undefined ? '' : ` (${String(reason.code)})`;
		throw new NodeApiError(ctx.getNode(), outcome as JsonObject, {
			message: `The form fill of ${email} on form ${fill.formId} was not recorded${code}: ${String(reason.message ?? 'the service gave no reason')}`,
			description:
				'The service skipped the record. Check that every field is on the form by its REST name (Form → Get Fields) and that its values fit the fields’ types.',
			itemIndex,
		});
	}
	return {
		formId: fill.formId,
		id: outcome.id,
		status: outcome.status,
		email,
		...(fill.programId !== undefined ? { programId: fill.programId } : {}),
	};
}

/**
 * Submit Form: one form fill per item (the service takes one record per call), as a visitor's
 * would be (the lead created or updated by e-mail, the fill logged, its campaigns triggered). Every
 * item is checked before any call; the fields of each form are then read once and a record with a
 * field the form lacks is refused, naming it, before it is sent. A fill is sent once: after an
 * unclear answer it may have been recorded, and the error says what to check.
 */
export const operation = defineOperation({
	option: {
		name: 'Submit',
		value: 'submit',
		description: 'Fill out a form for a lead, as a visitor would',
		action: 'Submit a form',
	},
	fields: properties,
	check,
	async runBatch(items) {
		const outcomes: BatchOutcome[][] = [];
		const formFields = new Map<number, Promise<FormNames>>();
		let describe: Promise<IDataObject[]> | undefined;
		const fieldsOfForm = (formId: number, itemIndex: number) => {
			let names = formFields.get(formId);
			if (!names) {
				// One after the other: the form first (a wrong form ID costs no describe).
				names = readFormFields(this, formId, itemIndex).then(async (onForm) => {
					describe ??= apiRead
						.call(this, '/rest/v1/leads/describe.json', { itemIndex })
						.then((answer) => answer.result ?? []);
					return formNames(onForm, await describe);
				});
				formFields.set(formId, names);
			}
			return names;
		};
		const onForm = await checkAgainstService(this, items, outcomes, async (itemIndex, fill) =>
			checkOnForm(this, itemIndex, fill, await fieldsOfForm(fill.formId, itemIndex)),
		);
		const sent = await eachItem(
			this,
			onForm.map(({ itemIndex, value }) => ({ itemIndex, input: value })),
			async (itemIndex, fill) => [{ json: await submit(this, itemIndex, fill) }],
		);
		sent.forEach((outcome, itemIndex) => {
			if (outcome) outcomes[itemIndex] = outcome;
		});
		return outcomes;
	},
});
