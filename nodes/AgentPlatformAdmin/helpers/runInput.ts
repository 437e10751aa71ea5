import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { echo } from '../../shared/echo';
import { isToolRun } from '../../shared/tool';
import { place, placeStart, readTextList, refuse } from './validation';

/** Checks of the inputs of runs (Agent → Run, Tool → Run) and reads, before any call. */

/** `https://…` or `http://…` addresses, from a list or comma-separated text; none is fine. */
export function readFileUrls(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
): Array<{ file_name: string; file_url: string }> {
	const node = ctx.getNode();
	return readTextList(node, itemIndex, value, 'File URLs').map((address) => {
		let url: URL | undefined;
		try {
			url = new URL(address);
		} catch {
			url = undefined;
		}
		if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
			refuse(
				node,
				itemIndex,
				`'${echo(address)}' in ${place(node, itemIndex, 'File URLs')} is not a web address`,
				'Give each file as an address the platform can download, e.g. https://example.com/brief.pdf, separated by commas.',
			);
		}
		const name = decodeURIComponent(url.pathname.split('/').pop() ?? '') || url.hostname;
		return { file_name: name, file_url: url.toString() };
	});
}

/** The tool's inputs as a JSON object (text from the editor, or an object from an expression). */
export function readJsonInputs(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const node = ctx.getNode();
	const raw = ctx.getNodeParameter('inputsJson', itemIndex, '{}') as unknown;
	let value: unknown = raw;
	if (typeof raw === 'string') {
		const text = raw.trim() || '{}';
		try {
			value = JSON.parse(text);
		} catch (error) {
			refuse(
				node,
				itemIndex,
				`${placeStart(node, itemIndex, 'Inputs')} is not valid JSON: ${echo((error as Error).message)}`,
				isToolRun(node)
					? 'Send the inputs as one JSON object, e.g. {"company": "Acme"}.'
					: 'Write the inputs as one JSON object, e.g. {"company": "Acme"}, or map one with an expression.',
			);
		}
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value)) {
		refuse(
			node,
			itemIndex,
			`${placeStart(node, itemIndex, 'Inputs')} is not a JSON object`,
			'The tool takes its inputs by name: give one JSON object, e.g. {"company": "Acme"}.',
		);
	}
	return value as IDataObject;
}

export const DEFAULT_TIME_LIMIT_S = 300;
/** The platform queues work over the plan's concurrency; two fits the smallest plan. */
export const DEFAULT_RUNS_IN_FLIGHT = 2;

/** The run options every run operation shares (Time Limit in seconds, Runs in Flight), checked. */
export function readRunOptions(
	ctx: IExecuteFunctions,
	itemIndex: number,
): IDataObject & { timeLimit: number; runsInFlight: number } {
	const options = (ctx.getNodeParameter('options', itemIndex, {}) ?? {}) as IDataObject;
	const number = (value: unknown, fallback: number, min: number, field: string) => {
		if (value === undefined || value === '') return fallback;
		const n = Number(value);
		if (!Number.isFinite(n) || n < min) {
			refuse(
				ctx.getNode(),
				itemIndex,
				`${placeStart(ctx.getNode(), itemIndex, field)} must be a number of at least ${min}`,
				`Enter ${field} as a whole number, e.g. ${fallback}.`,
			);
		}
		return Math.floor(n);
	};
	return {
		...options,
		timeLimit: number(options.timeLimit, DEFAULT_TIME_LIMIT_S, 0, 'Time Limit (Seconds)'),
		runsInFlight: number(options.runsInFlight, DEFAULT_RUNS_IN_FLIGHT, 1, 'Runs in Flight'),
	};
}

/** How many runs are started at once: Runs in Flight of the first item (Agent → Run, Tool → Run). */
export function runsInFlight(this: IExecuteFunctions, itemIndexes: number[]): number {
	return itemIndexes.length ? readRunOptions(this, itemIndexes[0]).runsInFlight : 1;
}
