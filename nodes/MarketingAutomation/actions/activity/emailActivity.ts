import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readRequest } from '../../transport';
import { limitOf, optionsCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { collectActivities } from '../../transport/paging';
import { activityScopeOptions } from '../fields';
import { addActivityScope, readDateTime } from '../parameters';
import { concurrentReads } from '../batches';

/** Parameters shared by Get Email Bounces and Get Email Opens. */
export function emailActivityProperties(extraOptions: INodeProperties[]): INodeProperties[] {
	return [
		{
			displayName: 'Since',
			name: 'sinceDatetime',
			type: 'dateTime',
			default: '',
			required: true,
			description: 'Activities at or after this date and time',
		},
		...returnAllAndLimit,
		optionsCollection(
			(
				[
					...extraOptions,
					...activityScopeOptions,
					{
						displayName: 'Until',
						name: 'untilDatetime',
						type: 'dateTime',
						default: '',
						description:
							'Stop at activities after this date and time (the service has no end date)',
					},
				] as INodeProperties[]
			).sort((a, b) => a.displayName.localeCompare(b.displayName)),
		),
	];
}

/** One item's read of activities, checked before the first call. */
export interface EmailActivityQuery {
	since: string;
	untilMs: number;
	qs: IDataObject;
	limit: number;
}

/**
 * Reads activities of the given types from a date-based paging token, page by page while
 * `moreResult` is true (empty pages included), up to Limit or Until.
 */
async function readEmailActivities(
	this: IExecuteFunctions,
	itemIndex: number,
	{ since, untilMs, qs, limit }: EmailActivityQuery,
): Promise<IDataObject[]> {
	const kept: IDataObject[] = [];
	await collectActivities(
		this,
		readRequest('/rest/v1/activities.json', { qs, itemIndex }),
		since,
		Infinity,
		(page) => {
			for (const activity of page) {
				if (Date.parse(String(activity.activityDate)) > untilMs) return false;
				kept.push(activity);
				if (kept.length >= limit) return false;
			}
			return true;
		},
	);
	return kept;
}

/**
 * The check and run of an email-activity read: every item is checked before the first call, then
 * the items' reads run concurrently; `typesOf` gives an item's activity types.
 */
export function emailActivityRun(typesOf: (ctx: IExecuteFunctions, itemIndex: number) => number[]) {
	return {
		check(this: IExecuteFunctions, itemIndex: number): EmailActivityQuery {
			const since = readDateTime(this, 'sinceDatetime', itemIndex, 'Since') as string;
			const until = readDateTime(this, 'options.untilDatetime', itemIndex, 'Until', false);
			const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
			const qs: IDataObject = { activityTypeIds: typesOf(this, itemIndex).join(',') };
			addActivityScope(this, options, qs, itemIndex);
			const untilMs = until ? Date.parse(until) : Infinity;
			return { since, untilMs, qs, limit: limitOf(this, itemIndex) };
		},
		runBatch: concurrentReads(readEmailActivities),
	};
}
