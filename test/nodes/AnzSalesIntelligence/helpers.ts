import type { RunResult } from '../../harness';
import { ANZ_KEY, type EnrichmentContext } from '../../harness/enrichment';
import type { EnrichmentCall } from '../../simulator/enrichmentBase';

/** Person → Enrich parameters, plus any others. */
export const personEnrich = (parameters: Record<string, unknown>) => ({
	resource: 'person',
	operation: 'enrich',
	...parameters,
});

/** A recorded call without its credit count. */
export const withoutCredits = (recorded: EnrichmentCall) => {
	const copy: Partial<EnrichmentCall> = { ...recorded };
	delete copy.credits;
	return copy;
};

/** A call the service API answered 200, with the demo key, as the simulator records it (credits aside). */
export const call = (method: string, path: string, query?: string, body?: unknown) => ({
	method,
	path,
	query,
	apiKey: ANZ_KEY,
	body,
	status: 200,
});

/**
 * Enriches one `resource` per `[identifyBy, value]` lookup, each in its own run on the service API;
 * `error` is the first run's error, `json()` the first output item of each run.
 */
export const enrichOneByOne = async (
	ctx: EnrichmentContext,
	resource: string,
	lookups: Array<[string, string]>,
) => {
	const results: RunResult[] = [];
	for (const [identifyBy, value] of lookups) {
		results.push(
			await ctx.runAnzService({ resource, operation: 'enrich', identifyBy, [identifyBy]: value }),
		);
	}
	return {
		error: results.find((r) => r.error)?.error,
		json: () => results.map((r) => r.json()[0]),
	};
};
