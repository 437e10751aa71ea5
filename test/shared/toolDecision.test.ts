import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	decisionOf,
	decisionText,
	toolErrorMessage,
	waitText,
	withDecision,
} from '../../nodes/shared/toolDecision';
import { API_KEY_REFUSED_STOP, QUOTA_STOP_RESETS_AT, QUOTA_STOP_RESETS_IN } from './messages';

const node: INode = {
	id: 'n1',
	name: 'Find Contact',
	type: 'n8n-nodes-agent-platform.globalEnrichmentTool',
	typeVersion: 1,
	position: [0, 0],
	parameters: { email: "={{ $fromAI('email', 'E-mail', 'string') }}" },
};

const apiError = (
	httpCode: string,
	message = 'The service refused it',
	response: JsonObject = {},
) =>
	new NodeApiError(node, { message: 'x', ...response } as JsonObject, {
		message,
		description: 'Check the key in the credential.',
		httpCode,
	});

describe('what a model is told to do after a failed tool call', () => {
	it('reads the decision from the error fields where no transport attached one', () => {
		expect(decisionOf(apiError('429'), node)).toEqual({ kind: 'retry' });
		expect(decisionOf(apiError('503'), node)).toEqual({ kind: 'retry' });
		expect(decisionOf(apiError('401'), node)).toEqual({ kind: 'stop', reason: 'key' });
		expect(decisionOf(apiError('402'), node)).toEqual({ kind: 'stop', reason: 'credits' });
		expect(decisionOf(apiError('400', "Bad value in 'email'"), node)).toEqual({
			kind: 'fixArgument',
			argument: 'email',
		});
		expect(decisionOf(apiError('', 'x', { code: '607' }), node)).toEqual({
			kind: 'stop',
			reason: 'quota',
		});
		expect(decisionOf(apiError('', 'x', { code: '603' }), node)).toEqual({
			kind: 'stop',
			reason: 'role',
		});
		const quota = apiError('429');
		quota.context.quotaExhausted = true;
		expect(decisionOf(quota, node)).toEqual({ kind: 'stop', reason: 'quota' });
		const mayHaveRun = apiError('502');
		mayHaveRun.context.mayHaveRun = true;
		expect(decisionOf(mayHaveRun, node)).toEqual({ kind: 'stop', reason: 'mayHaveRun' });
		expect(
			decisionOf(new NodeOperationError(node, "'x' in the argument 'email' is wrong"), node),
		).toEqual({ kind: 'fixArgument', argument: 'email' });
		expect(decisionOf(new NodeOperationError(node, 'Filter Type is empty'), node)).toEqual({
			kind: 'stop',
			reason: 'setup',
		});
	});

	it('prefers the decision a transport attached', () => {
		const error = withDecision(apiError('429'), { kind: 'retry', afterMs: 30_000 });
		expect(decisionOf(error, node)).toEqual({ kind: 'retry', afterMs: 30_000 });
	});

	it('says each decision in words', () => {
		expect(decisionText({ kind: 'retry', afterMs: 30_000 })).toBe(
			"Retry: call this tool again with the same arguments in 30 seconds (the service's own wait); if it fails again, stop and tell the user.",
		);
		expect(decisionText({ kind: 'retry' })).toBe(
			'Retry: call this tool again with the same arguments in 60 seconds; if it fails again, stop and tell the user.',
		);
		expect(decisionText({ kind: 'fixArgument', argument: 'email' })).toBe(
			"Change the argument 'email' and call this tool again.",
		);
		expect(decisionText({ kind: 'fixArgument' })).toBe(
			'Change the arguments and call this tool again.',
		);
		expect(
			decisionText(
				{ kind: 'stop', reason: 'quota', resetsAt: Date.UTC(2026, 10, 26, 6, 0) },
				'Raise the plan',
			),
		).toBe(QUOTA_STOP_RESETS_AT);
		expect(decisionText({ kind: 'stop', reason: 'quota', resetsInMs: 120_000 })).toBe(
			QUOTA_STOP_RESETS_IN,
		);
	});

	it('writes waits as a model reads them', () => {
		expect(waitText(1)).toBe('1 second');
		expect(waitText(119_000)).toBe('119 seconds');
		expect(waitText(120_000)).toBe('2 minutes');
		expect(waitText(3 * 3_600_000)).toBe('3 hours');
	});

	it('puts what happened first and the decision after it, with the fix for the user on a stop', () => {
		expect(toolErrorMessage(apiError('401', 'The service did not accept the API key'), node)).toBe(
			API_KEY_REFUSED_STOP,
		);
	});
});
