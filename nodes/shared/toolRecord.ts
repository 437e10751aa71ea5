import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/**
 * A record the AI model sends whole (`$fromAI(argument, …, 'json')`), for an operation whose fields
 * are in a column mapper. n8n offers a model every `$fromAI` argument of the parameters it shows,
 * each required, so this one is shown only when the node runs as a tool and the mapper maps
 * automatically, the one mode that reads it: with "Define Below" the operation sends the columns
 * set by hand (their own `$fromAI` arguments), and an argument it never reads is not offered.
 */
interface ToolRecord {
	displayName: string;
	/** The argument the model fills, e.g. `lead`. */
	argument: string;
	/** What the model is told the argument is. */
	argumentDescription: string;
	/** What the editor says of the parameter. */
	description: string;
	/** The column mapper's parameter name (`columns` unless given). */
	mapper?: string;
	/** Further conditions, e.g. the versions that have the mapper. */
	show?: IDisplayOptions['show'];
}

/** The parameter every such record is read from (`mappedSource` in the node's helpers). */
export const TOOL_RECORD_PARAMETER = 'toolRecord';

export function toolRecordField(record: ToolRecord): INodeProperties {
	return {
		displayName: record.displayName,
		name: TOOL_RECORD_PARAMETER,
		type: 'json',
		default: `={{ $fromAI('${record.argument}', \`${record.argumentDescription}\`, 'json') }}`,
		description: record.description,
		displayOptions: {
			show: {
				'@tool': [true],
				[`${record.mapper ?? 'columns'}.mappingMode`]: ['autoMapInputData'],
				...record.show,
			},
		},
	};
}
