import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readRequest } from '../../transport';
import { optionsCollection } from '../../../shared/descriptions';
import { collectActivities } from '../../transport/paging';
import { readDateTime, shorten } from '../parameters';
import { ACTIVITY } from '../activity/types';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

const properties: INodeProperties[] = [
	{
		displayName: 'Landing Page ID',
		name: 'landingPageId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1044',
	},
	{
		displayName: 'Since',
		name: 'sinceDatetime',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'Count activity from this date and time on',
	},
	optionsCollection([
		{
			displayName: 'Until',
			name: 'untilDatetime',
			type: 'dateTime',
			default: '',
			description: 'Count activity up to this date and time (default: now)',
		},
	]),
];

const ratio = (part: number, whole: number) =>
	whole > 0 ? Math.round((part / whole) * 10000) / 10000 : 0;

function attribute(activity: IDataObject, name: string): unknown {
	const list = (activity.attributes ?? []) as Array<{ name?: string; value?: unknown }>;
	return list.find((a) => String(a.name).toLowerCase() === name.toLowerCase())?.value;
}

function check(this: IExecuteFunctions, itemIndex: number) {
	const landingPageId = String(this.getNodeParameter('landingPageId', itemIndex, '')).trim();
	if (!/^\d+$/.test(landingPageId)) {
		throw new NodeOperationError(
			this.getNode(),
			`Landing Page ID ${shorten(landingPageId)} is not numeric`,
			{
				itemIndex,
				description: 'Enter the numeric ID of the landing page.',
			},
		);
	}
	const since = readDateTime(this, 'sinceDatetime', itemIndex, 'Since') as string;
	const until = readDateTime(this, 'options.untilDatetime', itemIndex, 'Until', false);
	return { landingPageId, since, until };
}

/**
 * No statistics endpoint exists (the spec's `landingPage/{id}/stats.json` is not real). Two activity
 * reads from a date-based paging token compute them:
 * - Visit Webpage (type 1) with `assetIds=<page id>`: visits and distinct visiting leads;
 * - Fill Out Form (type 2), whose asset is the form, kept when its "Webpage ID" attribute is the
 *   page: form fills and distinct filling leads.
 * Reading stops at the end of the data or at the first activity after Until.
 */
async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ landingPageId, since, until }: ReturnType<typeof check>,
): Promise<IDataObject> {
	const untilMs = until ? Date.parse(until) : Infinity;
	const inRange = (activity: IDataObject) => Date.parse(String(activity.activityDate)) <= untilMs;

	/** Reads one activity type from Since and counts the activities `keep` accepts, and their leads. */
	const count = async (qs: IDataObject, keep: (activity: IDataObject) => boolean) => {
		let total = 0;
		const leads = new Set<unknown>();
		await collectActivities(
			this,
			readRequest('/rest/v1/activities.json', { qs, itemIndex }),
			since,
			Infinity,
			(page) => {
				for (const activity of page) {
					if (!inRange(activity)) return false;
					if (!keep(activity)) continue;
					total++;
					leads.add(activity.leadId);
				}
				page.length = 0; // counted; not kept in memory
				return true;
			},
		);
		return { total, leads: leads.size };
	};
	const visits = await count(
		{ activityTypeIds: String(ACTIVITY.visitWebpage), assetIds: landingPageId },
		() => true,
	);
	const fills = await count(
		{ activityTypeIds: String(ACTIVITY.fillOutForm) },
		(activity) => String(attribute(activity, 'Webpage ID')) === landingPageId,
	);
	return {
		landingPageId: Number(landingPageId),
		since,
		until: until ?? null,
		visits: visits.total,
		uniqueVisitors: visits.leads,
		formFills: fills.total,
		uniqueFormFillers: fills.leads,
		conversionRate: ratio(fills.leads, visits.leads),
	};
}

export const operation = defineOperation({
	option: {
		name: 'Get Statistics',
		value: 'getStatistics',
		description: 'Compute visits and form fills of a landing page',
		action: 'Get landing page statistics',
	},
	fields: properties,
	check,
	runBatch: concurrentReads(execute),
});
