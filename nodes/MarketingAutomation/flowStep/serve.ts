import { createHash } from 'crypto';
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { checkAuth } from './auth';
import {
	installDocument,
	picklistOf,
	problemsOf,
	readConfig,
	serviceDefinition,
	statusOf,
	type FlowStepConfig,
} from './definition';
import { FLOW_STEP_ICON_SVG } from './icon';

/**
 * Everything the Flow Step Trigger serves from its webhook path: the install document (public:
 * the service reads it before it has credentials), and, behind the credential, the service
 * definition, status, picklists, icons and the invocation. An invocation starts one run with one
 * item per lead and is answered 201 by n8n as soon as the run is recorded (and queued); a
 * duplicate (the same one-time callback token) and anything refused start nothing and are
 * answered by the node.
 */

/** What the trigger keeps in the workflow's static data (never a token itself, only its hash). */
interface FlowStepState extends IDataObject {
	/** Hashes of the callback tokens of recent invocations, oldest first. */
	recentInvocations?: string[];
	/** When the invocations of the last minute started (epoch ms), for Invocations per Minute. */
	recentStarts?: number[];
}

/** Invocations remembered: the service retries within minutes, far fewer than these. */
export const REMEMBERED_INVOCATIONS = 1000;
const MINUTE_MS = 60_000;

type Response = ReturnType<IWebhookFunctions['getResponseObject']>;

function answer(res: Response, status: number, body?: IDataObject): IWebhookResponseData {
	if (body === undefined) res.status(status).end();
	else res.status(status).json(body);
	return { noWebhookResponse: true };
}

/** The hash a token is remembered by (the token itself never leaves the run's items). */
export const tokenHash = (token: string) =>
	createHash('sha256').update(token, 'utf8').digest('hex').slice(0, 32);

async function configOf(ctx: IWebhookFunctions): Promise<FlowStepConfig> {
	const credentials = await ctx.getCredentials('marketingAutomationFlowStepApi');
	return readConfig(
		(name, fallback) => ctx.getNodeParameter(name, fallback as never),
		credentials.authentication === 'basic' ? 'basic' : 'apiKey',
	);
}

/** Which endpoint a request is for: the last part of its path (the webhook paths are fixed). */
function endpointOf(ctx: IWebhookFunctions): string {
	const req = ctx.getRequestObject();
	const path = String(req.path ?? req.url ?? '').split('?')[0];
	return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const record = (value: unknown) =>
	value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : undefined;

/** Why an invocation body cannot be run, or undefined when it can. */
function invalidInvocation(body: IDataObject | undefined): string | undefined {
	if (!body) return 'Expected a JSON object';
	if (typeof body.campaignId !== 'number') return 'campaignId is missing';
	const url = text(body.callbackUrl);
	if (!url || !/^https?:\/\//i.test(url)) return 'callbackUrl is missing or not an http(s) URL';
	if (!text(body.token)) return 'token is missing: the callback could not be sent';
	if (!text(body.apiCallBackKey))
		return 'apiCallBackKey is missing: the callback could not be sent';
	if (!text(record(record(body.context)?.subscription)?.munchkinId))
		return 'context.subscription.munchkinId is missing';
	if (!Array.isArray(body.objectData)) return 'objectData is missing';
	const bad = (body.objectData as unknown[]).findIndex(
		(entry) => typeof record(record(entry)?.objectContext)?.id !== 'number',
	);
	if (bad >= 0) return `objectData[${bad}].objectContext.id is missing`;
	return undefined;
}

/** One item per lead: its fields, the flow inputs, its contexts, and where its result goes. */
function itemsOf(body: IDataObject, receivedAt: string): IDataObject[] {
	const context = record(body.context) ?? {};
	const subscription = record(context.subscription) ?? {};
	const callback = {
		url: body.callbackUrl,
		apiKey: body.apiCallBackKey,
		token: body.token,
		munchkinId: subscription.munchkinId,
		invocation: tokenHash(String(body.token)),
		leads: (body.objectData as unknown[]).length,
	};
	return (body.objectData as IDataObject[]).map((entry) => {
		const lead = record(entry.objectContext) ?? {};
		return {
			leadId: lead.id,
			lead,
			flowInputs: record(entry.flowStepContext) ?? {},
			programMember: record(entry.programMemberContext) ?? {},
			trigger: record(entry.triggeringContext) ?? {},
			campaignId: body.campaignId,
			batchId: body.batchid ?? null,
			context: {
				campaign: record(context.campaign) ?? {},
				program: record(context.program) ?? {},
				admin: record(context.admin) ?? {},
				subscription,
			},
			receivedAt,
			callback,
		};
	});
}

/** Records the invocation; false when it already ran (a duplicate delivery). */
function firstInvocation(state: FlowStepState, hash: string): boolean {
	const recent = state.recentInvocations ?? [];
	if (recent.includes(hash)) return false;
	recent.push(hash);
	state.recentInvocations = recent.slice(-REMEMBERED_INVOCATIONS);
	return true;
}

/** Whether one more invocation fits the per-minute limit (and counts it when it does). */
function withinRate(state: FlowStepState, limit: number, now: number): boolean {
	const recent = (state.recentStarts ?? []).filter((at) => now - at < MINUTE_MS);
	if (limit > 0 && recent.length >= limit) {
		state.recentStarts = recent;
		return false;
	}
	state.recentStarts = limit > 0 ? [...recent, now] : [];
	return true;
}

async function invoke(
	ctx: IWebhookFunctions,
	config: FlowStepConfig,
): Promise<IWebhookResponseData> {
	const res = ctx.getResponseObject();
	const body = record(ctx.getBodyData());
	const invalid = invalidInvocation(body);
	if (invalid || !body) return answer(res, 400, { message: `Invalid invocation: ${invalid}` });
	const state = ctx.getWorkflowStaticData('node') as FlowStepState;
	const hash = tokenHash(String(body.token));
	if ((state.recentInvocations ?? []).includes(hash)) {
		// Already accepted: acknowledged again so the service stops, but not run twice.
		return answer(res, 201);
	}
	const now = Date.now();
	if (!withinRate(state, config.invocationsPerMinute, now)) {
		return answer(res, 429, {
			message: `More than ${config.invocationsPerMinute} invocations in the last minute: retry later`,
		});
	}
	firstInvocation(state, hash);
	if ((body.objectData as unknown[]).length === 0) return answer(res, 201);
	// n8n answers the 201 (the endpoint's response code) once it has recorded the run and, in queue
	// mode, queued it: an acknowledged invocation is never one that n8n failed to keep. Were the
	// node to answer now, a main instance that died or could not reach its database or Redis in
	// between would leave the service holding an accepted batch that nothing runs; instead the
	// service gets an error, which it counts against the invocation.
	return {
		workflowData: [ctx.helpers.returnJsonArray(itemsOf(body, new Date(now).toISOString()))],
	};
}

export async function serve(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const res = this.getResponseObject();
	const config = await configOf(this);
	const name = endpointOf(this);
	if (name === 'openapi.json') return answer(res, 200, installDocument(config));
	const credentials = await this.getCredentials('marketingAutomationFlowStepApi');
	const auth = checkAuth(this.getHeaderData() as IDataObject, credentials);
	if (auth === 'missing') return answer(res, 401, { message: 'Credentials required' });
	if (auth === 'wrong') return answer(res, 403, { message: 'Authentication failed' });
	switch (name) {
		case 'getServiceDefinition':
			return answer(res, 200, serviceDefinition(config));
		case 'status':
			return answer(res, 200, statusOf(config));
		case 'getPicklist': {
			const body = record(this.getBodyData()) ?? {};
			return answer(res, 200, picklistOf(config, body.name, body.type));
		}
		case 'brandIcon':
		case 'serviceIcon':
			res.setHeader('content-type', 'image/svg+xml');
			res.status(200).send(FLOW_STEP_ICON_SVG);
			return { noWebhookResponse: true };
		case 'submitAsyncAction': {
			const problems = problemsOf(config);
			if (problems.length > 0) {
				return answer(res, 500, { message: `The flow step is misconfigured: ${problems[0]}` });
			}
			return await invoke(this, config);
		}
		default:
			return answer(res, 404, { message: 'No such endpoint' });
	}
}
