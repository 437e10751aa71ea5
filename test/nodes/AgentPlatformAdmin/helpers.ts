import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { runWorkflow } from '../../harness';

export const US_BASE = 'https://api-bcbe5a.stack.tryrelevance.com';

export const adminCredentials = (overrides: Record<string, string> = {}) => ({
	agentPlatformApi: {
		region: 'us',
		baseUrl: '',
		projectId: 'proj-1',
		apiKey: 'sk-secret',
		...overrides,
	},
});

export const adminNode = (
	parameters: Record<string, unknown>,
	continueOnFail = false,
	typeVersion?: number,
) => ({
	type: 'agentPlatformAdmin',
	credentialTypes: ['agentPlatformApi'],
	parameters: parameters as never,
	continueOnFail,
	typeVersion,
});

export interface RecordedCall {
	method: string;
	path: string;
	authorization: string | undefined;
	body: unknown;
}

/**
 * Answers every request to `base` with `answer` and records it, so a test can assert exactly
 * which calls were made, in order (or that none were).
 */
export function recordCalls(
	base: string,
	answer: (call: RecordedCall) => [number, unknown, Record<string, string>?],
): RecordedCall[] {
	const calls: RecordedCall[] = [];
	const respond = function (this: nock.ReplyFnContext, path: string, body: nock.Body) {
		const call: RecordedCall = {
			method: this.req.method,
			path,
			authorization: this.req.headers.authorization as string | undefined,
			body,
		};
		calls.push(call);
		const [status, payload, headers] = answer(call);
		return [status, payload as nock.Body, headers ?? {}] as nock.ReplyFnResult;
	};
	nock(base).persist().post(/.*/).reply(respond).get(/.*/).reply(respond);
	return calls;
}

/** Runs the admin node `node` (from `adminNode`) on `items` with the default test credential. */
export const runAdmin = async (node: ReturnType<typeof adminNode>, items?: IDataObject[]) =>
	await runWorkflow({ nodes: node, items, credentials: adminCredentials() });

/** The permissions answer of an invite's role read: which actions each role may take. */
export const permissions = (actions: Record<string, boolean>) => ({
	items: { relevanceDefault: { actions } },
});

/** The Project field By ID: a project ID, or an expression that maps one. */
export const projectById = (value: string) => ({ __rl: true, mode: 'id', value });

/** A picker From list (Project, User ID, Invite Code, …), as the editor saves a pick, name shown. */
export const fromList = (value: string, name: string) => ({
	__rl: true,
	mode: 'list',
	value,
	cachedResultName: name,
});

/** The Project field as a new node has it: empty, so the credential's project. */
export const credentialProject = { __rl: true, mode: 'list', value: '' };
