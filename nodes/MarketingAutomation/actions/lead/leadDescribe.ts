import { apiRead, type MarketingContext } from '../../transport';
import { sessionOf } from '../../transport/session';
import { timing } from '../../transport/timing';
import {
	describeFromEnvelope,
	describeHolderFor,
	type DescribeReading,
	type LeadDescribe,
} from './describeCache';

const describes = new WeakMap<object, Promise<LeadDescribe>>();

const readDescribe = async (ctx: MarketingContext, itemIndex?: number) =>
	describeFromEnvelope(await apiRead.call(ctx, '/rest/v1/leads/describe2.json', { itemIndex }));

/**
 * The instance's lead fields and lookup keys, read anew for each editor request: the column
 * mapper and the pickers offer them as they are now.
 */
export async function describeLeads(
	ctx: MarketingContext,
	itemIndex?: number,
): Promise<LeadDescribe> {
	let answer = describes.get(ctx);
	if (!answer) {
		answer = readDescribe(ctx, itemIndex);
		describes.set(ctx, answer);
		answer.catch(() => describes.delete(ctx));
	}
	return await answer;
}

/** The reading each execution asked for itself, if any. */
const readBy = new WeakMap<object, DescribeReading>();

/**
 * The lead describe for an execution's writes: the process's copy for the instance and API user,
 * read at most once per `timing.describeLifetimeMs` (not once per execution: the upserts of one
 * run would otherwise spend a call of the rate window on it every time). `again`: read anew
 * unless this execution has read it itself, for a lead with a field the copy does not know, which
 * may have been added since (so a refusal always rests on a describe of this execution).
 */
export async function sharedLeadDescribe(
	ctx: MarketingContext,
	itemIndex: number,
	again = false,
): Promise<LeadDescribe> {
	const { urls, credentials } = await sessionOf(ctx);
	const holder = describeHolderFor(`${urls.base}|${String(credentials.clientId ?? '')}`);
	const now = Date.now();
	const current = holder.reading;
	const stale = !current || now - current.readAt >= timing.describeLifetimeMs;
	if (stale || (again && readBy.get(ctx) !== current)) {
		const reading: DescribeReading = { readAt: now, answer: readDescribe(ctx, itemIndex) };
		holder.reading = reading;
		readBy.set(ctx, reading);
		// A failed reading is not kept: the next execution reads again.
		reading.answer.catch(() => {
			if (holder.reading === reading) holder.reading = undefined;
		});
		return await reading.answer;
	}
	return await current.answer;
}

/**
 * The fields a lead can be looked up by (`lookupField`): the single searchable keys that are lead
 * fields (`cookies` is searchable but no field, so it is not one).
 */
export function lookupFieldsOf(describe: LeadDescribe): Set<string> {
	const names = new Set((describe.fields ?? []).map((field) => field.name));
	return new Set(
		(describe.searchableFields ?? [])
			.filter((key) => Array.isArray(key) && key.length === 1 && names.has(key[0]))
			.map(([name]) => name),
	);
}
