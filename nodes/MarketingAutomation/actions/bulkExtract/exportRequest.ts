/**
 * The export jobs one Bulk Extract item asks for: its date range cut into windows the service
 * takes, its activity types and primary-attribute filter, all checked before any call.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { bulkSettings } from '../../helpers/bulkSettings';
import { EXTRACT_REFUSED_ACTIVITY_TYPES, type ExportObject } from '../../helpers/exportJobs';
import { readDateTime, readId, splitValues } from '../parameters';

const noMillis = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The date range cut into windows the service accepts (at most 31 days each). */
function windows(ctx: IExecuteFunctions, itemIndex: number) {
	const start = Date.parse(readDateTime(ctx, 'startDate', itemIndex, 'From')!);
	const end = Date.parse(readDateTime(ctx, 'endDate', itemIndex, 'To')!);
	if (end <= start) {
		throw new NodeOperationError(ctx.getNode(), `To is not after From in item ${itemIndex}`, {
			itemIndex,
			description: 'Set To to a later date-time than From.',
		});
	}
	// The service's date filter takes whole seconds and includes both ends: the windows run from
	// the first whole second at or after From to the last one before To, each ending one second
	// before the next starts, so a record created on a boundary comes out once.
	const first = Math.ceil(start / 1000) * 1000;
	const last = Math.ceil(end / 1000) * 1000 - 1000;
	const step = bulkSettings.maxExportDays * 86_400_000;
	const result: Array<{ startAt: string; endAt: string }> = [];
	for (let at = first; at <= last; at += step) {
		result.push({ startAt: noMillis(at), endAt: noMillis(Math.min(last, at + step - 1000)) });
	}
	return result;
}

/** The item's activity type IDs, checked before any call: whole numbers the extract takes. */
function activityTypes(ctx: IExecuteFunctions, itemIndex: number): number[] {
	const values = splitValues(ctx.getNodeParameter('activityTypeIds', itemIndex, []));
	const ids = values.map(Number);
	const bad = values.find((_value, k) => !Number.isInteger(ids[k]) || ids[k] <= 0);
	if (bad !== undefined) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The activity type '${String(bad)}' in item ${itemIndex} is not an activity type ID`,
			{
				itemIndex,
				description: 'Pick the activity types from the list, or give their numeric IDs.',
			},
		);
	}
	const refused = ids.filter((id) => EXTRACT_REFUSED_ACTIVITY_TYPES.has(id));
	if (refused.length > 0) {
		const names = refused.map((id) => `${EXTRACT_REFUSED_ACTIVITY_TYPES.get(id)} (${id})`);
		throw new NodeOperationError(
			ctx.getNode(),
			`The bulk extract does not take the activity type ${names.join(', ')} (item ${itemIndex})`,
			{
				itemIndex,
				description:
					'It takes every activity type of the instance except Delete Lead (37): pick the types from the list, which shows only those. Read deleted leads with API Call: GET /rest/v1/activities/deletedleads.json.',
			},
		);
	}
	return ids;
}

/** The service's most primary attribute values per export. */
const MAX_PRIMARY_VALUES = 50;

/**
 * The item's primary attribute filter (`primaryAttributeValueIds` or `primaryAttributeValues`),
 * checked before any call: at most 50 values, IDs whole numbers, and activity types chosen (the
 * service takes the filter only with the types of the values' group).
 */
function primaryAttributeFilter(
	ctx: IExecuteFunctions,
	itemIndex: number,
	types: number[],
): IDataObject {
	const by = ctx.getNodeParameter('primaryAttributeFilter', itemIndex, 'none') as string;
	if (by === 'none') return {};
	const values = splitValues(ctx.getNodeParameter('primaryAttributeValues', itemIndex, ''));
	const refuse = (message: string, description: string) =>
		new NodeOperationError(ctx.getNode(), `${message} in item ${itemIndex}`, {
			itemIndex,
			description,
		});
	if (values.length === 0 || values.length > MAX_PRIMARY_VALUES) {
		throw refuse(
			`Primary Attribute Values has ${values.length} values`,
			`Give 1 to ${MAX_PRIMARY_VALUES} values, comma-separated; run more jobs for more.`,
		);
	}
	if (types.length === 0) {
		throw refuse(
			'The primary attribute filter needs activity types',
			'Choose the activity types the values belong to, e.g. Add to List and Remove from List for list IDs, Change Status in Progression for programs, Fill Out Form for forms.',
		);
	}
	if (by === 'names') return { primaryAttributeValues: values };
	const bad = values.find((value) => !/^\d+$/.test(value));
	if (bad !== undefined) {
		throw refuse(
			`The primary attribute value ID '${bad}' is not a number`,
			'Give numeric IDs, or choose By Value Names.',
		);
	}
	return { primaryAttributeValueIds: values.map(Number) };
}

/** The create bodies of an item's export: one per date window, or one for a list filter. */
export function exportBodies(ctx: IExecuteFunctions, object: ExportObject, itemIndex: number) {
	const fields = () => {
		const names = splitValues(ctx.getNodeParameter('fields', itemIndex, ''));
		if (names.length === 0) {
			throw new NodeOperationError(ctx.getNode(), `Fields is empty in item ${itemIndex}`, {
				itemIndex,
				description: "List the columns to export by the service's field names, e.g. id,email.",
			});
		}
		return names;
	};
	if (object === 'activities') {
		const types = activityTypes(ctx, itemIndex);
		const primary = primaryAttributeFilter(ctx, itemIndex, types);
		return windows(ctx, itemIndex).map((createdAt) => ({
			format: 'CSV',
			filter: { createdAt, ...(types.length ? { activityTypeIds: types } : {}), ...primary },
		}));
	}
	if (object === 'programMembers') {
		const programId = readId(ctx, 'program', itemIndex, 'program');
		const statusNames = splitValues(ctx.getNodeParameter('statusNames', itemIndex, ''));
		return [
			{
				format: 'CSV',
				fields: fields(),
				filter: { programId, ...(statusNames.length ? { statusNames } : {}) },
			},
		];
	}
	const filter = ctx.getNodeParameter('leadFilter', itemIndex) as string;
	const names = fields();
	if (filter === 'staticList') {
		const staticListId = readId(ctx, 'list', itemIndex, 'list');
		return [{ format: 'CSV', fields: names, filter: { staticListId } }];
	}
	if (filter === 'smartList') {
		const raw = String(ctx.getNodeParameter('smartListId', itemIndex, '')).trim();
		if (!/^\d+$/.test(raw)) {
			throw new NodeOperationError(
				ctx.getNode(),
				`The smart list ID '${raw}' in item ${itemIndex} is not a number`,
				{
					itemIndex,
					description: 'Enter the numeric ID of the smart list.',
				},
			);
		}
		return [{ format: 'CSV', fields: names, filter: { smartListId: Number(raw) } }];
	}
	return windows(ctx, itemIndex).map((range) => ({
		format: 'CSV',
		fields: names,
		filter: { [filter]: range },
	}));
}
