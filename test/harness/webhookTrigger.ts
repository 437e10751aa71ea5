import { HookContext, WebhookContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeType,
	IWebhookData,
	IWebhookDescription,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	NodeParameterValueType,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { TestCredentialsHelper } from './credentials';
import { loadPackage } from './loader';

/**
 * A webhook trigger in n8n-core's real HookContext (activation: `checkExists`, `create`, `delete`)
 * and WebhookContext (one request to its URL), with parameters, credentials and static data as
 * n8n gives them. The static data object is the caller's: it lives across calls, as n8n keeps it.
 */

export interface WebhookTriggerOptions {
	/** Node type without the package prefix, e.g. `globalEnrichmentTrigger`. */
	type: string;
	parameters: Record<string, NodeParameterValueType | IDataObject>;
	credentialType: string;
	credentials: ICredentialDataDecryptedObject;
	/** 'trigger' for an active workflow, 'manual' for the editor's Listen for Test Event. */
	mode?: WorkflowExecuteMode;
	/** n8n's webhook base URL (the production one; the test one is `<base>-test`). */
	webhookBaseUrl?: string;
}

export interface WebhookRequest {
	method: 'GET' | 'POST';
	headers?: Record<string, string>;
	query?: IDataObject;
	/** The raw body as sent (n8n keeps it as `req.rawBody`). */
	rawBody?: string;
	/** The request's path after the webhook URL's base, e.g. `hook-0001/status` (default: `webhook`). */
	path?: string;
}

export interface WebhookAnswer {
	status?: number;
	body?: unknown;
	/** Headers the node set on the answer (lower-case names). */
	headers?: Record<string, string>;
	/**
	 * Set when n8n answered, not the node: for a node that returns without answering
	 * (`onReceived`), n8n answers with the webhook description's `responseCode` and `responseData`,
	 * only once it has recorded the run it starts.
	 */
	answeredBy?: 'n8n';
	result: IWebhookResponseData;
}

export async function webhookTrigger(options: WebhookTriggerOptions) {
	const pkg = await loadPackage();
	const node: INode = {
		id: 'trigger',
		name: 'Trigger',
		type: `${pkg.packageName}.${options.type}`,
		typeVersion: 1,
		position: [0, 0],
		webhookId: 'hook-0001',
		parameters: options.parameters as INode['parameters'],
		credentials: { [options.credentialType]: { id: `${options.credentialType}-id`, name: 'Test' } },
	};
	const staticData: IDataObject = {};
	const workflow = new Workflow({
		id: 'webhook-workflow',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: pkg.nodeTypes,
		staticData,
	});
	const base = options.webhookBaseUrl ?? 'https://n8n.test/webhook';
	const additionalData = (extra: IDataObject = {}) =>
		({
			credentialsHelper: new TestCredentialsHelper(pkg, {
				[options.credentialType]: options.credentials,
			}),
			webhookBaseUrl: base,
			webhookTestBaseUrl: `${base}-test`,
			restApiUrl: 'https://n8n.test/rest',
			instanceBaseUrl: 'https://n8n.test/',
			variables: {},
			...extra,
		}) as unknown as IWorkflowExecuteAdditionalData;
	const nodeType = pkg.nodeTypes.getByNameAndVersion(node.type, 1) as INodeType;
	const mode = options.mode ?? 'trigger';
	const webhookData = (name: string): IWebhookData => {
		const webhookDescription = nodeType.description.webhooks!.find(
			(w) => w.name === name,
		) as IWebhookDescription;
		return {
			httpMethod: webhookDescription.httpMethod as IWebhookData['httpMethod'],
			node: node.name,
			path: 'webhook',
			webhookDescription,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData(),
			isTest: mode === 'manual',
		};
	};
	const hook = (method: 'checkExists' | 'create' | 'delete') =>
		nodeType.webhookMethods!.default![method].call(
			new HookContext(
				workflow,
				node,
				additionalData(),
				mode,
				mode === 'manual' ? 'manual' : 'activate',
				webhookData('default'),
			),
		);
	return {
		/** The node's static data, as n8n keeps it for the workflow. */
		staticData: () => workflow.getStaticData('node', node),
		/** The URL the subscriptions are made for. */
		url: `${mode === 'manual' ? `${base}-test` : base}/hook-0001/webhook`,
		checkExists: async () => await hook('checkExists'),
		create: async () => await hook('create'),
		delete: async () => await hook('delete'),
		/** One request to the webhook URL: what the node answered and what it returned. */
		async request(request: WebhookRequest): Promise<WebhookAnswer> {
			const answer: { status?: number; body?: unknown; headers?: Record<string, string> } = {};
			const res = {
				setHeader(name: string, value: string) {
					answer.headers = { ...answer.headers, [name.toLowerCase()]: value };
					return res;
				},
				status(code: number) {
					answer.status = code;
					return res;
				},
				json(body: unknown) {
					answer.body = body;
					return res;
				},
				send(body: unknown) {
					answer.body = body;
					return res;
				},
				end() {
					return res;
				},
			};
			const req = {
				method: request.method,
				headers: request.headers ?? {},
				query: request.query ?? {},
				params: {},
				path: `/webhook/${request.path ?? 'hook-0001/webhook'}`,
				url: `/webhook/${request.path ?? 'hook-0001/webhook'}`,
				body: request.rawBody === undefined ? {} : (JSON.parse(request.rawBody) as IDataObject),
				rawBody: request.rawBody === undefined ? undefined : Buffer.from(request.rawBody),
			};
			const context = new WebhookContext(
				workflow,
				node,
				additionalData({ httpRequest: req, httpResponse: res }),
				mode,
				webhookData(request.method === 'GET' ? 'setup' : 'default'),
				[],
				null,
			);
			const result = await nodeType.webhook!.call(context);
			if (answer.status !== undefined || result.noWebhookResponse === true) {
				return { ...answer, result };
			}
			// What n8n answers for an `onReceived` webhook the node did not answer (its code and data
			// from the description, expressions evaluated as n8n does).
			const description = webhookData(
				request.method === 'GET' ? 'setup' : 'default',
			).webhookDescription;
			const status = workflow.expression.getSimpleParameterValue(
				node,
				description.responseCode as string | undefined,
				mode,
				{},
				undefined,
				200,
			);
			const body =
				description.responseData === 'noData'
					? undefined
					: (result.webhookResponse ??
						(result.workflowData
							? { message: 'Workflow was started' }
							: { message: 'Webhook call received' }));
			return { status: Number(status), body, answeredBy: 'n8n', result };
		},
	};
}
