import type { IDataObject, INodeExecutionData, IPollFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { listOf } from '../../shared/descriptions';
import { oneAtATime } from '../../shared/pollGuard';
import { toEvent } from './activityItem';
import { EVENTS, eventName, SOFT_BOUNCE_TYPE } from './events';
import { instanceBase } from '../transport';
import {
	activityPage,
	activityTypeNames,
	leadsById,
	pagingTokenSince,
} from '../transport/activities';

/** Where the trigger stands in the activity log; kept in the workflow's static data. */
interface Position {
	/** The token after the last activity read. */
	nextPageToken?: string;
	/** Date of the last activity read, to start again if the token is refused. */
	lastActivityDate?: string;
	/** Ids of the latest activities emitted, so none is emitted twice at a page boundary. */
	recent?: string[];
}

const PAGE = 300;
/** Pages one poll reads at most (the log may hold long runs of empty pages). */
const MAX_PAGES = 100;
const RECENT_KEPT = 1000;
const MANUAL_LOOKBACK_DAYS = 7;
const TYPE_NAMES_TTL_MS = 24 * 60 * 60_000;

/** Type names per instance, read at most once a day (the service advises caching them). */
const typeNamesCache = new Map<string, { at: number; names: Map<number, string> }>();

async function typeNames(ctx: IPollFunctions): Promise<Map<number, string>> {
	const instance = await instanceBase(ctx);
	const cached = typeNamesCache.get(instance);
	if (cached && Date.now() - cached.at < TYPE_NAMES_TTL_MS) return cached.names;
	const names = await activityTypeNames(ctx);
	typeNamesCache.set(instance, { at: Date.now(), names });
	return names;
}

type Plan = ReturnType<typeof planOf>;

/** Reads the node's parameters once per poll and checks them before any call. */
function planOf(ctx: IPollFunctions) {
	const event = ctx.getNodeParameter('event') as string;
	const definition = Object.prototype.hasOwnProperty.call(EVENTS, event)
		? EVENTS[event]
		: undefined;
	if (!definition) {
		throw new NodeOperationError(ctx.getNode(), `The event "${event}" is not supported`, {
			description: `Pick one of: ${Object.keys(EVENTS).join(', ')}.`,
		});
	}
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	let activityTypeIds = [...definition.activityTypeIds];
	let allowed: string[] = [];
	let attribute: 'primaryAttributeValueId' | 'primaryAttributeValue' = 'primaryAttributeValueId';
	switch (definition.filter) {
		case 'types':
			activityTypeIds = listOf(ctx.getNodeParameter('activityTypeIds', [])).map(Number);
			if (activityTypeIds.length === 0 || activityTypeIds.length > 10) {
				throw new NodeOperationError(
					ctx.getNode(),
					`Pick between 1 and 10 activity types (${activityTypeIds.length} picked)`,
					{ description: 'The service reads at most 10 activity types per call.' },
				);
			}
			if (activityTypeIds.some((id) => !Number.isInteger(id) || id <= 0)) {
				throw new NodeOperationError(ctx.getNode(), 'Activity type IDs must be whole numbers', {
					description: 'Pick the types from the list, or enter their numeric IDs.',
				});
			}
			break;
		case 'fields':
			allowed = listOf(ctx.getNodeParameter('fields', []));
			attribute = 'primaryAttributeValue';
			break;
		case 'forms':
			allowed = listOf(ctx.getNodeParameter('formIds', ''));
			break;
		case 'lists':
			allowed = listOf(ctx.getNodeParameter('listIds', []));
			break;
		case 'programs':
			allowed = listOf(ctx.getNodeParameter('programIds', []));
			break;
	}
	if (event === 'emailBounced' && options.includeSoftBounces === true) {
		activityTypeIds.push(SOFT_BOUNCE_TYPE);
	}
	const wanted = new Set(allowed.map((value) => value.toLowerCase()));
	const maxEvents = Math.max(1, Math.min(10_000, Number(options.maxEvents ?? 1000) || 1000));
	return {
		event,
		activityTypeIds,
		matches: (activity: IDataObject) =>
			wanted.size === 0 || wanted.has(String(activity[attribute] ?? '').toLowerCase()),
		maxEvents,
		includeLead: options.includeLead === true,
		leadFields: listOf(options.leadFields),
	};
}

const asNodeError = (ctx: IPollFunctions, error: unknown) =>
	error instanceof NodeApiError || error instanceof NodeOperationError
		? error
		: new NodeApiError(ctx.getNode(), error as JsonObject);

/** A refused or expired paging token: start again from the last activity's date. */
const isTokenRefused = (error: unknown) =>
	/\b(1003|invalid nextpagetoken|paging token)\b/i.test(
		`${(error as Error)?.message ?? ''} ${(error as { description?: string })?.description ?? ''}`,
	);

/**
 * Reads the log from the saved position: page after page while `moreResult` is true (pages may
 * be empty), up to `maxEvents` activities or `MAX_PAGES` pages. Returns what it read and where
 * the next poll starts; nothing is saved here, so a failed poll starts again from the same place.
 */
async function readFrom(ctx: IPollFunctions, plan: Plan, start: Position) {
	let token = start.nextPageToken as string;
	let lastActivityDate = start.lastActivityDate;
	const recent = new Set(start.recent ?? []);
	const activities: IDataObject[] = [];
	let read = 0;
	// The end of the log was reached (`moreResult` false).
	let atEnd = false;
	for (let page = 0; page < MAX_PAGES && read < plan.maxEvents; page++) {
		let answer;
		try {
			answer = await activityPage(
				ctx,
				token,
				plan.activityTypeIds,
				Math.min(PAGE, plan.maxEvents - read),
			);
		} catch (error) {
			if (page > 0 || !lastActivityDate || !isTokenRefused(error)) throw asNodeError(ctx, error);
			token = await pagingTokenSince(ctx, new Date(lastActivityDate));
			answer = await activityPage(ctx, token, plan.activityTypeIds, Math.min(PAGE, plan.maxEvents));
		}
		read += answer.activities.length;
		for (const activity of answer.activities) {
			const id = String(activity.marketoGUID ?? activity.id);
			if (recent.has(id)) continue;
			recent.add(id);
			if (activity.activityDate) lastActivityDate = String(activity.activityDate);
			if (plan.matches(activity)) activities.push(activity);
		}
		if (answer.nextPageToken) token = answer.nextPageToken;
		if (!answer.moreResult) {
			atEnd = true;
			break;
		}
	}
	const kept = [...recent].slice(-RECENT_KEPT);
	return { activities, position: { nextPageToken: token, lastActivityDate, recent: kept }, atEnd };
}

async function toItems(
	ctx: IPollFunctions,
	plan: Plan,
	activities: IDataObject[],
): Promise<INodeExecutionData[]> {
	const names = await typeNames(ctx);
	const events = activities.map((activity) => toEvent(plan.event, activity, names));
	if (plan.includeLead && events.length) {
		const ids = [...new Set(events.map((event) => Number(event.leadId)))].filter(Number.isFinite);
		const leads = await leadsById(ctx, ids, plan.leadFields);
		for (const event of events) event.lead = leads.get(Number(event.leadId)) ?? null;
	}
	return ctx.helpers.returnJsonArray(events);
}

/** Manual test: the most recent matching activity of the last 7 days; the saved position is kept. */
async function latestForTest(ctx: IPollFunctions, plan: Plan): Promise<INodeExecutionData[][]> {
	const since = new Date(Date.now() - MANUAL_LOOKBACK_DAYS * 24 * 60 * 60_000);
	let position: Position = { nextPageToken: await pagingTokenSince(ctx, since) };
	let latest: IDataObject | undefined;
	// Read to the end of the log, in a bounded number of polls' worth of pages.
	for (let round = 0; round < 20; round++) {
		const read = await readFrom(ctx, { ...plan, maxEvents: 10_000 }, position);
		if (read.activities.length) latest = read.activities[read.activities.length - 1];
		if (read.atEnd) break;
		position = read.position;
	}
	if (!latest) {
		throw new NodeOperationError(
			ctx.getNode(),
			`No "${eventName(plan.event)}" activity in the last ${MANUAL_LOOKBACK_DAYS} days`,
			{
				description:
					'Make the event happen in the service (or widen the filters), then test again. Once the workflow is published, the trigger reads from the moment it was published.',
			},
		);
	}
	return [await toItems(ctx, plan, [latest])];
}

/**
 * One poll. The first poll after the workflow is published only marks "now" (no flood of history); later polls
 * emit each new activity once, in the log's order, and move the saved position only when the
 * poll succeeds. A poll never runs beside the previous poll of the same trigger (`oneAtATime`).
 */
export async function pollActivities(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const plan = planOf(this);
	if (this.getMode() === 'manual') return await latestForTest(this, plan);
	return await oneAtATime(this, async () => await pollFrom(this, plan));
}

/** A scheduled poll: reads on from the saved position, and saves where it ended. */
async function pollFrom(ctx: IPollFunctions, plan: Plan): Promise<INodeExecutionData[][] | null> {
	const saved = ctx.getWorkflowStaticData('node') as Position & IDataObject;
	if (!saved.nextPageToken) {
		saved.nextPageToken = await pagingTokenSince(ctx, new Date());
		saved.lastActivityDate = new Date().toISOString();
		saved.recent = [];
		return null;
	}
	const { activities, position } = await readFrom(ctx, plan, saved);
	const items = activities.length ? await toItems(ctx, plan, activities) : [];
	Object.assign(saved, position);
	return items.length ? [items] : null;
}
