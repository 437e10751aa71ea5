import type { IDataObject, INodeProperties } from 'n8n-workflow';

/**
 * Bounded answers for an AI agent's model: in a tool run, the records one call returns are cut to
 * at most Max Records and Max Characters (of their JSON), and a closing note says how many more
 * matched. Set per node in "Tool Answer Limits" (shown only when the node is a tool).
 */

const DEFAULT_MAX_RECORDS = 50;
/** About 5,000 tokens: room for the rest of a model's context. */
const DEFAULT_MAX_CHARACTERS = 20_000;

export interface ToolLimits {
	maxRecords: number;
	maxCharacters: number;
}

export const toolAnswerLimitsField: INodeProperties = {
	displayName: 'Tool Answer Limits',
	name: 'toolAnswerLimits',
	type: 'collection',
	placeholder: 'Add Limit',
	default: {},
	description:
		"How much one answer hands the AI model, so it fits the model's context; a closing note says how many more matched",
	displayOptions: { show: { '@tool': [true] } },
	options: [
		{
			displayName: 'Max Characters',
			name: 'maxCharacters',
			type: 'number',
			typeOptions: { minValue: 1000 },
			default: DEFAULT_MAX_CHARACTERS,
			description: 'Max number of characters of JSON records in one answer',
		},
		{
			displayName: 'Max Records',
			name: 'maxRecords',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_MAX_RECORDS,
			description: 'Max number of records in one answer',
		},
	],
};

/** The limits from the node's "Tool Answer Limits" (the defaults where unset or not a number). */
export function toolLimitsOf(value: IDataObject | undefined): ToolLimits {
	const read = (key: string, fallback: number, minimum: number) => {
		const number = Number(value?.[key]);
		return Number.isFinite(number) && number >= minimum ? Math.floor(number) : fallback;
	};
	return {
		maxRecords: read('maxRecords', DEFAULT_MAX_RECORDS, 1),
		maxCharacters: read('maxCharacters', DEFAULT_MAX_CHARACTERS, 1000),
	};
}

/** The closing note after a cut answer. */
export function moreMatchedNote(more: number): IDataObject {
	return { note: `${more} more matched: narrow the filter or raise Limit` };
}

/** The closing note when the operation's own Limit stopped the records (how many more is unknown). */
export function limitReachedNote(limit: number): IDataObject {
	return {
		note: `More may have matched: Limit (${limit}) was reached; narrow the filter or raise Limit`,
	};
}

/**
 * How many of `records` fit: at most `maxRecords`, and while their JSON stays within
 * `maxCharacters` (the first record always, so a single wide record still comes back whole).
 */
export function fittingCount(records: IDataObject[], limits: ToolLimits): number {
	let characters = 0;
	let count = 0;
	for (const record of records) {
		if (count >= limits.maxRecords) break;
		characters += JSON.stringify(record).length + 1;
		if (count > 0 && characters > limits.maxCharacters) break;
		count++;
	}
	return count;
}
