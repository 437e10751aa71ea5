import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { itemParameter } from '../../../shared/itemParameters';
import { defineOperation } from '../../../shared/operation';
import { emailLocator } from '../fields';
import { readId, shorten } from '../parameters';
import { postToEmail } from './emailCall';

const SECTION_TYPES = ['Text', 'DynamicContent', 'Snippet'] as const;
type SectionType = (typeof SECTION_TYPES)[number];

const properties: INodeProperties[] = [
	emailLocator,
	{
		displayName: 'Section',
		name: 'section',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The editable section of the email (its HTML ID)',
		typeOptions: { loadOptionsDependsOn: ['email.value'] },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchEmailSections', searchable: true },
			},
			{
				displayName: 'By HTML ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. headline',
			},
		],
	},
	{
		displayName: 'Content Type',
		name: 'type',
		type: 'options',
		default: 'Text',
		options: [
			{ name: 'Text', value: 'Text', description: 'HTML content' },
			{
				name: 'Dynamic Content',
				value: 'DynamicContent',
				description: 'Content that varies by segment',
			},
			{ name: 'Snippet', value: 'Snippet', description: 'A snippet of the instance' },
		],
	},
	{
		displayName: 'Value',
		name: 'value',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		description:
			'For Text, the HTML of the section; for Dynamic Content, the ID of the segmentation; for Snippet, the ID of the snippet',
	},
	optionsCollection([
		{
			displayName: 'Text Version',
			name: 'textValue',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			description: 'The plain-text version of the section (Text only)',
		},
	]),
];

interface SectionUpdate {
	id: number;
	htmlId: string;
	body: { type: SectionType; value: string; textValue?: string };
}

function refuse(ctx: IExecuteFunctions, itemIndex: number, message: string, fix: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { itemIndex, description: fix });
}

function check(this: IExecuteFunctions, itemIndex: number): SectionUpdate {
	const id = readId(this, 'email', itemIndex, 'email');
	const htmlId = String(
		itemParameter(this, 'section', itemIndex, '', { extractValue: true }) ?? '',
	).trim();
	// The HTML ID is a path segment: no slash, no control characters.
	if (!htmlId || /[/\\]/.test(htmlId) || [...htmlId].some((c) => c.charCodeAt(0) < 32)) {
		refuse(
			this,
			itemIndex,
			`The section ${shorten(htmlId)} of item ${itemIndex} is not an HTML ID`,
			'Pick the section from the list, or enter its HTML ID as Email → Get Content shows it (htmlId).',
		);
	}
	const type = String(itemParameter(this, 'type', itemIndex, 'Text')) as SectionType;
	if (!SECTION_TYPES.includes(type)) {
		refuse(
			this,
			itemIndex,
			`The content type ${shorten(type)} of item ${itemIndex} is not one the service takes`,
			'Use Text, DynamicContent or Snippet.',
		);
	}
	const value = String(itemParameter(this, 'value', itemIndex, '') ?? '');
	if (!value.trim()) {
		refuse(
			this,
			itemIndex,
			`The value of item ${itemIndex} is empty`,
			'Give the section its new content: HTML for Text, an ID for Dynamic Content or Snippet.',
		);
	}
	if (type !== 'Text' && !/^\s*\d+\s*$/.test(value)) {
		refuse(
			this,
			itemIndex,
			`The value ${shorten(value)} of item ${itemIndex} is not a ${type === 'Snippet' ? 'snippet' : 'segmentation'} ID`,
			'A Dynamic Content section takes the numeric ID of a segmentation and a Snippet section the numeric ID of a snippet; for HTML choose Content Type "Text".',
		);
	}
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const textValue = options.textValue === undefined ? undefined : String(options.textValue);
	if (textValue !== undefined && type !== 'Text') {
		refuse(
			this,
			itemIndex,
			`Item ${itemIndex} gives a text version to a ${type} section`,
			'Only a Text section has a text version: remove the option or choose Content Type "Text".',
		);
	}
	const body: SectionUpdate['body'] = { type, value: type === 'Text' ? value : value.trim() };
	if (textValue !== undefined) body.textValue = textValue;
	return { id, htmlId, body };
}

/**
 * `POST /rest/asset/v1/email/{id}/content/{htmlId}.json`, form-encoded: `type`, `value`,
 * `textValue?`. The change goes into the email's draft (approve it to send it). Setting a section
 * to the same content twice leaves it as set once, so the call is retried like a read.
 */
export const operation = defineOperation({
	option: {
		name: 'Update Content Section',
		value: 'updateContentSection',
		description: 'Set the content of one editable section of an email’s draft',
		action: 'Update an email content section',
	},
	fields: properties,
	check,
	async run(itemIndex, { id, htmlId, body }) {
		await postToEmail(this, itemIndex, id, {
			action: `content/${encodeURIComponent(htmlId)}.json`,
			done: `updated in section "${htmlId}"`,
			section: htmlId,
			fixFor709:
				'The service’s reason above says what blocks the change: a section locked by the email’s template cannot be edited (Email → Get Content shows isLocked), nor an email with Predictive Content; edit an unlocked section, or change the template in the service.',
			body,
			safeToRepeat: true,
		});
		return { id, htmlId, type: body.type, updated: true, version: 'draft' };
	},
});
