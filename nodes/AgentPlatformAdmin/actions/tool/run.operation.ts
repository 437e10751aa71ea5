import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { runsInFlightOption, timeLimitOption, toolLocator } from '../../helpers/runFields';
import { readJsonInputs, readRunOptions, runsInFlight } from '../../helpers/runInput';
import { errorTexts, toolFailedError, waitForJob } from '../../helpers/toolResult';
import { readIdParameter, TOOL_ID } from '../../helpers/validation';
import { triggerTool } from '../../transport/tools';
import { defineOperation } from '../../../shared/operation';
import { TOOL_FIELDS_VERSION } from '../versions';
import { runKey } from '../../helpers/runKey';
import { startOnce } from '../../helpers/runMemory';

function readInput(this: IExecuteFunctions, itemIndex: number) {
	const fields = this.getNodeParameter('inputMode', itemIndex, 'json') === 'fields';
	return {
		toolId: readIdParameter(this, 'toolId', itemIndex, TOOL_ID),
		inputsParameter: fields ? 'inputFields.value' : 'inputsJson',
		params: fields
			? ((this.getNodeParameter('inputFields.value', itemIndex, {}) ?? {}) as IDataObject)
			: readJsonInputs(this, itemIndex),
		asJob: this.getNodeParameter('runMode', itemIndex, 'now') === 'job',
		timeLimit: readRunOptions(this, itemIndex).timeLimit,
	};
}

type ToolInput = ReturnType<typeof readInput>;

/**
 * The sync endpoint takes no run key, so a repeat of this item by n8n's Retry On Fail is
 * recognised by this process (`startOnce`): it gets the first try's answer, or, when the first try
 * got none, an error that says where the run's result is.
 */
async function runNow(ctx: IExecuteFunctions, input: ToolInput, itemIndex: number) {
	const { started: answer } = await startOnce(
		runKey(ctx, itemIndex),
		async () => await triggerTool(ctx, input.toolId, input.params, 'now', itemIndex),
		(reason) =>
			new NodeApiError(ctx.getNode(), { message: 'started before' } as JsonObject, {
				message: `The tool run of this item was started by an earlier try of the node (Retry On Fail) and gave no result: ${reason}. It was not started again`,
				description:
					"Wait for Result carries no run key the platform could recognise, so a second start would be a second run. Look for the run's result in the tool's run history in the platform. For long tools set Run Mode to Start Job and Wait (Long Tools): a retry of a job follows the job already started.",
				itemIndex,
			}),
	);
	const errors = errorTexts(answer.errors);
	if (errors.length || answer.status === 'failed') {
		throw toolFailedError(ctx, input.toolId, errors, itemIndex, input.inputsParameter);
	}
	return { tool_id: input.toolId, output: (answer.output ?? {}) as IDataObject };
}

async function runAsJob(ctx: IExecuteFunctions, input: ToolInput, itemIndex: number) {
	// A job id of this item's run: n8n's Retry On Fail then names the job already started.
	const key = runKey(ctx, itemIndex);
	const started = await triggerTool(ctx, input.toolId, input.params, 'job', itemIndex, key);
	const jobId = String(started.job_id ?? '');
	const where = `job ${jobId} of tool ${input.toolId}`;
	let job;
	try {
		job = await waitForJob(ctx, input.toolId, jobId, input.timeLimit, itemIndex);
	} catch (error) {
		const cause = error as NodeApiError;
		if (cause instanceof NodeApiError) {
			cause.message = `The tool job started (${where}), but its result could not be read: ${cause.message}`;
			cause.description =
				`Do not run this item again: the job runs on. See its result in the tool's run history in the platform. ${cause.description ?? ''}`.trim();
		}
		throw cause;
	}
	if (!job.finished) {
		throw new NodeApiError(ctx.getNode(), { message: 'time limit' } as JsonObject, {
			message: `The tool is still running after ${input.timeLimit} s (${where}); it was not started again`,
			description:
				"The job runs on in the platform; its result appears in the tool's run history. Raise Time Limit in the options to wait longer. Running this item again would start a second run.",
			itemIndex,
		});
	}
	if (job.type === 'timeout' || job.type === 'cancelled')
		throw jobEndedError(ctx, job.type, where, itemIndex);
	if (job.type === 'failed' || job.errors.length) {
		throw toolFailedError(ctx, input.toolId, job.errors, itemIndex, input.inputsParameter);
	}
	return { tool_id: input.toolId, job_id: jobId, output: job.output ?? {} };
}

/** A job the platform ended without a result: stopped at its run-time limit, or cancelled. */
function jobEndedError(
	ctx: IExecuteFunctions,
	type: 'timeout' | 'cancelled',
	where: string,
	itemIndex: number,
): NodeApiError {
	if (type === 'timeout') {
		return new NodeApiError(ctx.getNode(), { message: 'timeout' } as JsonObject, {
			message: `The platform stopped the tool job at its run-time limit (${where}); it has no result`,
			description:
				'The platform ends a tool run that takes longer than its run-time limit. Make the run shorter (fewer or smaller inputs), or ask the platform for a longer limit; running the item again starts a new run.',
			itemIndex,
		});
	}
	return new NodeApiError(ctx.getNode(), { message: 'cancelled' } as JsonObject, {
		message: `The tool job was cancelled in the platform (${where}); it has no result`,
		description:
			'Someone or something cancelled the run in the platform. Run the item again to start a new run.',
		itemIndex,
	});
}

function inputModeField(
	defaultMode: 'fields' | 'json',
	show: NonNullable<IDisplayOptions['show']>,
	hide?: IDisplayOptions['hide'],
): INodeProperties {
	return {
		displayName: 'Inputs',
		name: 'inputMode',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{ name: 'Using JSON', value: 'json' },
		],
		default: defaultMode,
		displayOptions: hide ? { show, hide } : { show },
	};
}

export const operation = defineOperation({
	option: {
		name: 'Run',
		value: 'run',
		action: 'Run a tool with inputs and get its output',
		description:
			'Run one of the platform’s tools with named inputs (a JSON object) and return the tool’s output; a failed run returns the platform’s error text',
	},
	fields: [
		toolLocator,
		{
			displayName: 'Run Mode',
			name: 'runMode',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Start Job and Wait (Long Tools)',
					value: 'job',
					description: 'Start the tool as a job and check on it until it has finished',
				},
				{
					name: 'Wait for Result (Short Tools)',
					value: 'now',
					description: 'One call that answers with the result; for tools that take seconds',
				},
			],
			default: 'now',
		},
		// One Inputs field per case, of which n8n shows one: version 2 saved 'json' as its default,
		// so it keeps it; from 2.1 a picked tool's own inputs are the default, and a node with no
		// tool yet shows JSON, not a column mapper that cannot load and warns.
		inputModeField('json', { '@version': [{ _cnd: { lt: TOOL_FIELDS_VERSION } }] }),
		inputModeField('json', {
			'@version': [{ _cnd: { gte: TOOL_FIELDS_VERSION } }],
			toolId: [''],
		}),
		inputModeField(
			'fields',
			{ '@version': [{ _cnd: { gte: TOOL_FIELDS_VERSION } }] },
			{ toolId: [''] },
		),
		{
			displayName: 'Inputs (JSON)',
			name: 'inputsJson',
			type: 'json',
			default: '{}',
			displayOptions: { show: { inputMode: ['json'] } },
			description:
				'The tool’s inputs by name, as one JSON object, e.g. {"company": "Acme"}; Tool → Get Many shows each tool’s input names',
		},
		{
			displayName: 'Input Fields',
			name: 'inputFields',
			type: 'resourceMapper',
			noDataExpression: true,
			default: { mappingMode: 'defineBelow', value: null },
			required: true,
			displayOptions: { show: { inputMode: ['fields'] } },
			typeOptions: {
				loadOptionsDependsOn: ['toolId.value'],
				resourceMapper: {
					resourceMapperMethod: 'getToolInputs',
					mode: 'add',
					fieldWords: { singular: 'input', plural: 'inputs' },
					addAllFields: true,
					multiKeyMatch: false,
					supportAutoMap: false,
				},
			},
		},
		optionsCollection([
			runsInFlightOption,
			timeLimitOption('a job to finish (Start Job and Wait)'),
		]),
	],
	check: readInput,
	concurrency: runsInFlight,
	async run(itemIndex, input) {
		return input.asJob
			? await runAsJob(this, input, itemIndex)
			: await runNow(this, input, itemIndex);
	},
});
