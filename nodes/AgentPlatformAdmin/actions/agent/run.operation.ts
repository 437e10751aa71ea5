import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { agentFailed, getReplyHint, readTask } from '../../helpers/agentTask';
import { agentLocator, runsInFlightOption, timeLimitOption } from '../../helpers/runFields';
import { readFileUrls, readRunOptions, runsInFlight } from '../../helpers/runInput';
import {
	AGENT_ID,
	CONVERSATION_ID,
	readIdParameter,
	requireId,
	requireText,
} from '../../helpers/validation';
import { mayHaveRun } from '../../../shared/failure';
import { triggerAgent, type AgentMessage } from '../../transport/agents';
import { defineOperation } from '../../../shared/operation';
import { runKey } from '../../helpers/runKey';
import { startOnce } from '../../helpers/runMemory';

interface RunInput {
	agentId: string;
	body: AgentMessage;
	wait: boolean;
	timeLimit: number;
}

/**
 * A new conversation's id for this item of this execution, so that n8n's Retry On Fail cannot start
 * it twice: the platform answers a repeat with the conversation it created.
 */
function newConversationKey(ctx: IExecuteFunctions, itemIndex: number) {
	const key = runKey(ctx, itemIndex);
	return key ? { external_id: key, external_id_behaviour: 'nothing' as const } : {};
}

function readInput(this: IExecuteFunctions, itemIndex: number): RunInput {
	const node = this.getNode();
	const options = readRunOptions(this, itemIndex);
	const agentId = readIdParameter(this, 'agentId', itemIndex, AGENT_ID);
	const content = requireText(
		node,
		itemIndex,
		this.getNodeParameter('message', itemIndex, ''),
		'Message',
	);
	const conversation = String(options.conversationId ?? '').trim();
	return {
		agentId,
		body: {
			agent_id: agentId,
			message: {
				role: 'user',
				content,
				attachments: readFileUrls(this, itemIndex, options.fileUrls),
			},
			...(conversation
				? { conversation_id: requireId(node, itemIndex, conversation, CONVERSATION_ID) }
				: newConversationKey(this, itemIndex)),
		},
		wait: options.waitForReply !== false,
		timeLimit: options.timeLimit,
	};
}

/** The error of a started run whose reply could not be read; the run is not started again. */
function afterStartError(
	ctx: IExecuteFunctions,
	error: NodeApiError,
	input: RunInput,
	conversationId: string,
	itemIndex: number,
): NodeApiError {
	const restated = new NodeApiError(ctx.getNode(), { message: error.message } as JsonObject, {
		message: `The agent run started (conversation ${conversationId}), but its reply could not be read: ${error.message}`,
		description:
			`Do not run this item again: the agent is working on it. Read the reply later with ${getReplyHint(input.agentId, conversationId)}. ${error.description ?? ''}`.trim(),
		httpCode: error.httpCode ?? undefined,
		itemIndex,
	});
	if (error.context.requestId) restated.context.requestId = error.context.requestId;
	return restated;
}

/**
 * Starts the run once. A new conversation carries its key (`external_id`), so the platform
 * recognises a repeat; a message to an existing conversation carries none, so a repeat by n8n's
 * Retry On Fail is recognised by this process and follows the run the first try started.
 */
async function startAgent(ctx: IExecuteFunctions, input: RunInput, itemIndex: number) {
	const known = input.body.conversation_id;
	if (!known) return await triggerAgent(ctx, input.body, itemIndex);
	const { started } = await startOnce(
		runKey(ctx, itemIndex),
		async () => await triggerAgent(ctx, input.body, itemIndex),
		(reason) =>
			new NodeApiError(ctx.getNode(), { message: 'sent before' } as JsonObject, {
				message: `The message of this item was sent to conversation ${known} by an earlier try of the node (Retry On Fail), which got no answer: ${reason}. It was not sent again`,
				description: `A message to an existing conversation carries no run key the platform could recognise, so sending it again would start a second run. Read the reply with ${getReplyHint(input.agentId, known)}.`,
				itemIndex,
			}),
	);
	return started;
}

async function runAgent(this: IExecuteFunctions, itemIndex: number, input: RunInput) {
	let started: IDataObject;
	try {
		started = await startAgent(this, input, itemIndex);
	} catch (error) {
		const cause = error as NodeApiError;
		const known = input.body.conversation_id;
		if (mayHaveRun(cause) && known) {
			cause.message = `${cause.message} (conversation ${known})`;
			cause.description =
				`${cause.description ?? ''} If it ran, ${getReplyHint(input.agentId, known)} reads its reply.`.trim();
		}
		throw cause;
	}
	const conversationId = String(started.conversation_id ?? input.body.conversation_id ?? '');
	if (!input.wait || !conversationId) {
		return { agent_id: input.agentId, conversation_id: conversationId, state: started.state ?? '' };
	}
	let reading;
	try {
		reading = await readTask(this, input.agentId, conversationId, itemIndex, input.timeLimit);
	} catch (error) {
		const cause = error as NodeApiError;
		throw agentFailed(cause) || !(cause instanceof NodeApiError)
			? cause
			: afterStartError(this, cause, input, conversationId, itemIndex);
	}
	if (!reading.finished) {
		const stillRunning = new NodeApiError(this.getNode(), { message: 'time limit' } as JsonObject, {
			message: `The agent is still running after ${input.timeLimit} s (conversation ${conversationId}, state '${reading.state}'); it was not started again`,
			description: `Read its reply later with ${getReplyHint(input.agentId, conversationId)}, or raise Time Limit in the options. Running this item again would start a second run.`,
			itemIndex,
		});
		stillRunning.context.conversationId = conversationId;
		throw stillRunning;
	}
	return reading;
}

export const operation = defineOperation({
	option: {
		name: 'Run',
		value: 'run',
		action: 'Send a message to an agent and wait for its reply',
		description:
			'Hand a task to an agent of the platform: send it a message (and optional file URLs), wait until it has finished working and return its final reply with the conversation ID, which continues the conversation later',
	},
	fields: [
		agentLocator,
		{
			displayName: 'Message',
			name: 'message',
			type: 'string',
			required: true,
			default: '',
			typeOptions: { rows: 4 },
			placeholder: 'e.g. Research the company of {{ $json.email }} and suggest a first e-mail',
			description: 'What to ask the agent: the text of the user message it gets',
		},
		optionsCollection([
			{
				displayName: 'Continue Conversation ID',
				name: 'conversationId',
				type: 'string',
				default: '',
				description:
					'Conversation ID of an earlier run (conversation_id in its output) to send this message to, so the agent remembers what was said. Empty starts a new conversation.',
			},
			{
				displayName: 'File URLs',
				name: 'fileUrls',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://example.com/brief.pdf',
				description:
					'Addresses of files the agent should read, separated by commas; the platform downloads them',
			},
			runsInFlightOption,
			timeLimitOption("the agent's reply"),
			{
				displayName: 'Wait for Reply',
				name: 'waitForReply',
				type: 'boolean',
				default: true,
				description:
					'Whether to wait until the agent has answered (on) or to return at once with the conversation ID (off); read the reply later with Agent → Get Reply',
			},
		]),
	],
	check: readInput,
	concurrency: runsInFlight,
	// The platform takes one message at a time per conversation (a second is refused with 409).
	inOrderBy: (input) => input.body.conversation_id,
	run: runAgent,
});
