import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { assetForm } from '../../transport/assets';
import { FOLDER_REFUSALS } from '../../transport/refusals';
import { folderLocator, readFolder } from '../../helpers/folders';
import { isCalendarDate, readAssetName, readDescription } from '../../helpers/assetFields';
import { additionalFieldsCollection } from '../fields';
import { shorten } from '../parameters';
import { defineOperation } from '../../../shared/operation';
import { inputError } from '../../../shared/inputError';

/** The service's program types; type and channel are set at creation only. */
const PROGRAM_TYPES = ['Default', 'Event', 'Event with Webinar', 'Engagement', 'Email'];

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 2026-12 Product Webinar',
		description: 'The program’s name, unique in the whole instance (at most 255 characters)',
	},
	folderLocator('folder', 'The folder the program is created in', 'Folder', 'program'),
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		default: 'Default',
		options: PROGRAM_TYPES.map((type) => ({ name: type, value: type })),
		description: 'The program type; it cannot be changed later',
	},
	{
		displayName: 'Channel Name or ID',
		name: 'channel',
		type: 'options',
		default: '',
		required: true,
		typeOptions: { loadOptionsMethod: 'getProgramChannels', loadOptionsDependsOn: ['type'] },
		description:
			'The channel, one of the instance’s channels for the type; it cannot be changed later. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	additionalFieldsCollection([
		{
			displayName: 'Costs',
			name: 'costs',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Cost',
			default: {},
			options: [
				{
					displayName: 'Cost',
					name: 'cost',
					values: [
						{
							displayName: 'Start Date',
							name: 'startDate',
							type: 'string',
							default: '',
							placeholder: 'e.g. 2026-12-01',
							description: 'The month the cost is for, as YYYY-MM-DD',
						},
						{
							displayName: 'Amount',
							name: 'cost',
							type: 'number',
							default: 0,
							typeOptions: { minValue: 0 },
						},
						{ displayName: 'Note', name: 'note', type: 'string', default: '' },
					],
				},
			],
		},
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			default: '',
			typeOptions: { rows: 2 },
		},
		{
			displayName: 'Tags',
			name: 'tags',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Tag',
			default: {},
			description: 'Tags the instance requires or allows for programs (e.g. Region = EMEA)',
			options: [
				{
					displayName: 'Tag',
					name: 'tag',
					values: [
						{ displayName: 'Tag Type', name: 'tagType', type: 'string', default: '' },
						{ displayName: 'Tag Value', name: 'tagValue', type: 'string', default: '' },
					],
				},
			],
		},
	]),
];

function refuse(ctx: IExecuteFunctions, itemIndex: number, message: string, fix: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { itemIndex, description: fix });
}

function readCosts(ctx: IExecuteFunctions, itemIndex: number, rows: IDataObject[]): IDataObject[] {
	return rows.map((row, at) => {
		const startDate = String(row.startDate ?? '').trim();
		if (!isCalendarDate(startDate)) {
			refuse(
				ctx,
				itemIndex,
				`Cost ${at + 1} of item ${itemIndex} has the start date ${shorten(startDate)}, not a date`,
				'Give each cost a start date as YYYY-MM-DD, e.g. 2026-12-01.',
			);
		}
		const cost = Number(row.cost);
		if (!Number.isInteger(cost) || cost < 0) {
			refuse(
				ctx,
				itemIndex,
				`Cost ${at + 1} of item ${itemIndex} has the amount ${shorten(row.cost)}`,
				'Give each cost a whole amount of 0 or more.',
			);
		}
		const note = String(row.note ?? '').trim();
		return { startDate, cost, ...(note ? { note } : {}) };
	});
}

function readTags(ctx: IExecuteFunctions, itemIndex: number, rows: IDataObject[]): IDataObject[] {
	return rows.map((row, at) => {
		const tagType = String(row.tagType ?? '').trim();
		const tagValue = String(row.tagValue ?? '').trim();
		if (!tagType || !tagValue) {
			refuse(
				ctx,
				itemIndex,
				`Tag ${at + 1} of item ${itemIndex} lacks its ${tagType ? 'value' : 'type'}`,
				'Give each tag a type and a value, as the instance’s tags define them.',
			);
		}
		return { tagType, tagValue };
	});
}

function check(this: IExecuteFunctions, itemIndex: number) {
	const name = readAssetName(this, 'name', itemIndex, 'program');
	const folder = readFolder(this, 'folder', itemIndex);
	const type = String(this.getNodeParameter('type', itemIndex, '') ?? '');
	if (!PROGRAM_TYPES.includes(type)) {
		refuse(
			this,
			itemIndex,
			`The program type ${shorten(type)} of item ${itemIndex} is not one the service has`,
			`Use one of ${PROGRAM_TYPES.join(', ')}.`,
		);
	}
	const channel = String(this.getNodeParameter('channel', itemIndex, '') ?? '').trim();
	if (!channel) {
		throw inputError(
			this.getNode(),
			itemIndex,
			{ parameter: 'channel', missing: true },
			`The channel of item ${itemIndex} is empty`,
			'Pick one of the instance’s channels for the program type.',
		);
	}
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const costs = ((additional.costs as IDataObject)?.cost ?? []) as IDataObject[];
	const tags = ((additional.tags as IDataObject)?.tag ?? []) as IDataObject[];
	return {
		name,
		folder,
		type,
		channel,
		description: readDescription(this, itemIndex),
		costs: costs.length > 0 ? readCosts(this, itemIndex, costs) : undefined,
		tags: tags.length > 0 ? readTags(this, itemIndex, tags) : undefined,
	};
}

/**
 * `POST /rest/asset/v1/programs.json`, form-encoded (`folder`, `costs` and `tags` as JSON inside
 * the form). Not repeated after an ambiguous failure: the program may exist, and a second create
 * would fail on its name.
 */
export const operation = defineOperation({
	option: {
		name: 'Create',
		value: 'create',
		description: 'Create a program in a folder',
		action: 'Create a program',
	},
	since: 2,
	fields: properties,
	check,
	async run(itemIndex, program) {
		const answer = await apiRequest.call(this, {
			path: '/rest/asset/v1/programs.json',
			...assetForm({ ...program }),
			safeToRepeat: false,
			itemIndex,
			refusals: {
				...FOLDER_REFUSALS,
				'709': {
					message: (reason) =>
						`The program ${shorten(program.name)} was not created (709): ${reason}`,
					fix: 'Program names are unique in the whole instance: use another name, or find the existing one with Program → Get by name.',
				},
			},
			ambiguity: {
				message: `Creating the program ${shorten(program.name)} may have run; it was not sent again`,
				fix: `Look the program up by its name with Program → Get (By Name ${shorten(program.name)}); if it is not there, run the node again.`,
			},
		});
		return answer.result?.[0] ?? {};
	},
});
