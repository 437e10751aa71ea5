import type { IDataObject } from 'n8n-workflow';

import {
	apiRequest,
	credentialProjectOf,
	getRequest,
	resultsOf,
	segment,
	type ServiceContext,
} from './index';

/**
 * The platform's tool calls (a tool is a "studio" on the wire). The sync and async triggers are
 * documented; the list and the tool's own record (its input schema) are in the schema only.
 */

const RUN_CREATES = "the tool's run history in the platform";

/** A sync run past the platform's sync limit: the platform stops waiting, the run goes on. */
const SYNC_LIMIT_PASSED = {
	message:
		'The tool is still running on the platform: it took longer than the platform waits for a result (HTTP 504); it was not started again',
	description:
		"Its result appears in the tool's run history in the platform. For long tools set Run Mode to Start Job and Wait (Long Tools), which waits for the result up to the Time Limit.",
};

/**
 * Starts a tool: `now` runs a short tool and answers with its result (`{output, errors, …}`);
 * `job` starts a long one as a job (`{job_id}`). Never replayed: a second call is a second run.
 */
export async function triggerTool(
	ctx: ServiceContext,
	toolId: string,
	params: IDataObject,
	mode: 'now' | 'job',
	itemIndex: number,
	/** The job's id, chosen by the node so that a repeat names the job already started. */
	jobId?: string,
): Promise<IDataObject> {
	const trigger = mode === 'now' ? 'trigger_limited' : 'trigger_async';
	return await apiRequest.call(
		ctx,
		`/studios/${segment(toolId)}/${trigger}`,
		{
			params,
			project: await credentialProjectOf(ctx, itemIndex),
			...(jobId ? { job_id: jobId } : {}),
		},
		{
			action: mode === 'now' ? 'run the tool' : 'start the tool job',
			requiresAdmin: false,
			itemIndex,
			safeToRepeat: false,
			whereToCheck: RUN_CREATES,
			...(mode === 'now' ? { onGatewayTimeout: SYNC_LIMIT_PASSED } : {}),
		},
	);
}

/** The job's last update: `{type: complete | failed | …, updates: [{output: {…}}]}`. */
export async function readToolJob(
	ctx: ServiceContext,
	toolId: string,
	jobId: string,
	itemIndex: number,
): Promise<IDataObject> {
	return await getRequest.call(
		ctx,
		`/studios/${segment(toolId)}/async_poll/${segment(jobId)}`,
		'read the state of the tool job',
		itemIndex,
		{ ending_update_only: true },
	);
}

/** One page of the project's tools (`GET /studios/list`, filtered to the credential's project). */
export async function listTools(
	ctx: ServiceContext,
	page: number,
	pageSize: number,
	itemIndex = 0,
): Promise<IDataObject[]> {
	const filters = [
		{
			field: 'project',
			condition: '==',
			condition_value: await credentialProjectOf(ctx, itemIndex),
			filter_type: 'exact_match',
		},
	];
	const answer = await getRequest.call(ctx, '/studios/list', 'list the tools', itemIndex, {
		filters: JSON.stringify(filters),
		page,
		page_size: pageSize,
	});
	return resultsOf(answer);
}

/** The tool's record, with its input schema (`studio.params_schema`). */
export async function readTool(
	ctx: ServiceContext,
	toolId: string,
	itemIndex = 0,
): Promise<IDataObject> {
	const answer = await getRequest.call(
		ctx,
		`/studios/${segment(toolId)}/get`,
		'read the tool',
		itemIndex,
	);
	return (answer.studio ?? {}) as IDataObject;
}
