import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { echo } from '../../shared/echo';
import { withInputPlace } from '../../shared/inputError';
import { pollUntil } from '../transport/polling';
import { readToolJob } from '../transport/tools';

/** A tool run's answer: its output, or the platform's own words for why it failed. */

/** The platform's error texts of a run (`errors[].body`, `.message` or `.raw`). */
export function errorTexts(errors: unknown): string[] {
	if (!Array.isArray(errors)) return [];
	return errors
		.map((entry) => {
			if (typeof entry === 'string') return entry;
			const record = (entry ?? {}) as IDataObject;
			const text = [record.body, record.message, record.raw].find((v) => typeof v === 'string');
			return (text as string | undefined) ?? JSON.stringify(entry);
		})
		.filter(Boolean);
}

/** The platform's words for a run without a required input: `Missing required params: domain`. */
const MISSING_INPUT = /Missing required params: ([^\s,;]+)/;

/**
 * The failed run's error: the platform's text first, then where to look. Never retried. A missing
 * input is marked as one of the `inputs` parameter (an AI agent's model adds it and calls again).
 */
export function toolFailedError(
	ctx: IExecuteFunctions,
	toolId: string,
	texts: string[],
	itemIndex: number,
	inputs: string,
): NodeApiError {
	const said = texts.length ? echo(texts.join('; ')) : 'no error text';
	const error = new NodeApiError(ctx.getNode(), { message: said } as JsonObject, {
		message: `The tool run failed: ${said}`,
		description: `The platform ran tool ${toolId} and it failed (the run is not repeated). Check the inputs the tool needs, or open its run history in the platform.`,
		itemIndex,
	});
	const missing = MISSING_INPUT.exec(texts.join('; '));
	return missing
		? withInputPlace(error, { parameter: inputs, key: missing[1], missing: true })
		: error;
}

/** The job's final states (the platform's schema): never polled again. */
const JOB_ENDED = new Set(['complete', 'failed', 'timeout', 'cancelled']);

/** Polls the job until it has ended or the time runs out. */
export async function waitForJob(
	ctx: IExecuteFunctions,
	toolId: string,
	jobId: string,
	timeLimitS: number,
	itemIndex: number,
): Promise<{ finished: boolean; type: string; output?: IDataObject; errors: string[] }> {
	const { last, finished } = await pollUntil(
		async () => await readToolJob(ctx, toolId, jobId, itemIndex),
		(state) => JOB_ENDED.has(String(state.type ?? '')),
		timeLimitS * 1000,
	);
	const update = (Array.isArray(last.updates) ? last.updates[0] : undefined) as
		| IDataObject
		| undefined;
	const result = (update?.output ?? {}) as IDataObject;
	return {
		finished,
		type: String(last.type ?? ''),
		output: result.output as IDataObject | undefined,
		errors: [...errorTexts(result.errors), ...errorTexts(update?.errors)],
	};
}
