import type { IDataObject } from 'n8n-workflow';

import { apiRead, type MarketingContext } from '../../transport';

/** The lead describe (`GET /rest/v1/leads/describe2.json`, `result[0]`). */
interface LeadDescribe {
	searchableFields?: string[][];
	fields?: Array<{ name?: string; displayName?: string; dataType?: string; updateable?: boolean }>;
}

const describes = new WeakMap<object, Promise<LeadDescribe>>();

/**
 * The instance's lead fields and lookup keys, once per execution (or editor request): the column
 * mapper offers them, and the lead upsert checks its records against them before any write.
 */
export async function describeLeads(
	ctx: MarketingContext,
	itemIndex?: number,
): Promise<LeadDescribe> {
	let answer = describes.get(ctx);
	if (!answer) {
		answer = apiRead
			.call(ctx, '/rest/v1/leads/describe2.json', { itemIndex })
			.then((envelope) => (envelope.result?.[0] ?? {}) as IDataObject as LeadDescribe);
		describes.set(ctx, answer);
		answer.catch(() => describes.delete(ctx));
	}
	return await answer;
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
