import type { IDataObject } from 'n8n-workflow';

import { STANDARD_TYPE_NAMES } from './events';

/** `"Client IP Address"` → `clientIpAddress`: attribute names as item fields. */
function fieldName(label: string): string {
	const words = label
		.replace(/[^A-Za-z0-9]+/g, ' ')
		.trim()
		.split(' ')
		.filter(Boolean);
	if (words.length === 0) return 'attribute';
	return words
		.map((word, index) =>
			index === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1).toLowerCase(),
		)
		.join('');
}

/** One activity of the service's log as an output item: named, flat, with its attributes as fields. */
export function toEvent(
	event: string,
	activity: IDataObject,
	typeNames: Map<number, string>,
): IDataObject {
	const typeId = Number(activity.activityTypeId);
	const item: IDataObject = {
		event,
		activityId: String(activity.marketoGUID ?? activity.id),
		activityType: typeNames.get(typeId) ?? STANDARD_TYPE_NAMES[typeId] ?? `Type ${typeId}`,
		activityTypeId: typeId,
		leadId: activity.leadId,
		activityDate: activity.activityDate,
		campaignId: activity.campaignId ?? null,
		assetId: activity.primaryAttributeValueId ?? null,
		assetName: activity.primaryAttributeValue ?? null,
	};
	const attributes = Array.isArray(activity.attributes)
		? (activity.attributes as IDataObject[])
		: [];
	for (const attribute of attributes) {
		const name = fieldName(String(attribute.name ?? ''));
		if (!(name in item)) item[name] = attribute.value as IDataObject[string];
	}
	if (Array.isArray(activity.fields)) item.fields = activity.fields as IDataObject[];
	return item;
}
