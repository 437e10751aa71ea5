import type { IDataObject, IPollFunctions } from 'n8n-workflow';

// The trigger's calls go through the action node's transport: the same per-instance throttle,
// retries and token handling, so a poll and a running workflow never exceed the limits together.
import { apiRead, readRequest } from './index';
import { activityPagingToken, chunk, LEAD_BATCH, sendLeadDbRead } from './paging';

interface ActivityPage {
	activities: IDataObject[];
	nextPageToken?: string;
	moreResult: boolean;
}

/** The date-based token from which activities after `since` are read. */
export async function pagingTokenSince(ctx: IPollFunctions, since: Date): Promise<string> {
	return await activityPagingToken(ctx, since.toISOString().replace(/\.\d{3}Z$/, 'Z'));
}

/** One page of the activity log from `token`: at most `batchSize` activities of the given types. */
export async function activityPage(
	ctx: IPollFunctions,
	token: string,
	activityTypeIds: number[],
	batchSize: number,
): Promise<ActivityPage> {
	const answer = await apiRead.call(ctx, '/rest/v1/activities.json', {
		qs: { activityTypeIds: activityTypeIds.join(','), nextPageToken: token, batchSize },
	});
	return {
		activities: answer.result ?? [],
		nextPageToken: answer.nextPageToken,
		moreResult: answer.moreResult === true,
	};
}

/** Activity type id → name, as the instance names them. */
export async function activityTypeNames(ctx: IPollFunctions): Promise<Map<number, string>> {
	const answer = await apiRead.call(ctx, '/rest/v1/activities/types.json');
	return new Map((answer.result ?? []).map((type) => [Number(type.id), String(type.name)]));
}

/** Leads by id, 300 per call (the Lead Database batch), keyed by id. */
export async function leadsById(
	ctx: IPollFunctions,
	ids: number[],
	fields: string[],
): Promise<Map<number, IDataObject>> {
	const leads = new Map<number, IDataObject>();
	for (const batch of chunk(ids, LEAD_BATCH)) {
		const qs: IDataObject = {
			filterType: 'id',
			filterValues: batch.join(','),
			batchSize: LEAD_BATCH,
		};
		// The id matches a lead to its events, so it is always asked for.
		if (fields.length) qs.fields = [...new Set(['id', ...fields])].join(',');
		const answer = await sendLeadDbRead(ctx, readRequest('/rest/v1/leads.json', { qs }));
		for (const lead of answer.result ?? []) leads.set(Number(lead.id), lead);
	}
	return leads;
}
