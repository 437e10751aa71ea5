import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	IBinaryKeyData,
	IConnections,
	IDataObject,
	INode,
	INodeExecutionData,
	IRun,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	NodeParameterValueType,
} from 'n8n-workflow';
import { createRunExecutionData, NodeConnectionTypes, Workflow } from 'n8n-workflow';

import { TestCredentialsHelper, type CredentialValues } from './credentials';
import { loadPackage, TEST_START_TYPE } from './loader';

export interface NodeUnderTest {
	/** Node type without the package prefix, e.g. `agentPlatformAdmin`. */
	type: string;
	name?: string;
	parameters: Record<string, NodeParameterValueType | IDataObject>;
	/** Credential type names the node uses; each is wired to the values in `credentials`. */
	credentialTypes?: string[];
	continueOnFail?: boolean;
	typeVersion?: number;
	/** n8n's Retry On Fail: the engine runs the node again, up to `maxTries`, on an error. */
	retryOnFail?: { maxTries: number; waitBetweenTries?: number };
}

export interface RunOptions {
	/** One node, or a chain run in order. */
	nodes: NodeUnderTest | NodeUnderTest[];
	/** The items the start node emits (one item `{}` when omitted). */
	items?: IDataObject[];
	/** Binary data of the start node's items, by item index. */
	binary?: Array<IBinaryKeyData | undefined>;
	credentials?: CredentialValues;
	/** Share credential values (e.g. a cached token) across runs. */
	credentialsHelper?: TestCredentialsHelper;
	/** The execution's id as n8n gives it to nodes (none by default, as in a manual test run). */
	executionId?: string;
}

export interface RunResult {
	run: IRun;
	status: IRun['status'];
	/** The error of a failed run (a NodeApiError / NodeOperationError instance). */
	error: IRun['data']['resultData']['error'];
	/** Output items of the named node's first output (the last node when no name is given). */
	output(nodeName?: string): INodeExecutionData[];
	/** Output items' json only. */
	json(nodeName?: string): IDataObject[];
	credentialsHelper: TestCredentialsHelper;
}

const START_NAME = 'Start';

export async function runWorkflow(options: RunOptions): Promise<RunResult> {
	const pkg = await loadPackage();
	const chain = Array.isArray(options.nodes) ? options.nodes : [options.nodes];
	const credentialsHelper =
		options.credentialsHelper ?? new TestCredentialsHelper(pkg, { ...(options.credentials ?? {}) });

	const nodes: INode[] = [
		{
			id: 'start',
			name: START_NAME,
			type: `${pkg.packageName}.${TEST_START_TYPE}`,
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
	];
	const connections: IConnections = {};
	let previous = START_NAME;
	chain.forEach((spec, index) => {
		const name = spec.name ?? (chain.length === 1 ? 'Node' : `Node ${index + 1}`);
		nodes.push({
			id: `node-${index}`,
			name,
			type: `${pkg.packageName}.${spec.type}`,
			typeVersion: spec.typeVersion ?? 1,
			position: [200 * (index + 1), 0],
			parameters: spec.parameters as INode['parameters'],
			continueOnFail: spec.continueOnFail,
			...(spec.retryOnFail
				? {
						retryOnFail: true,
						maxTries: spec.retryOnFail.maxTries,
						waitBetweenTries: spec.retryOnFail.waitBetweenTries ?? 1,
					}
				: {}),
			credentials: Object.fromEntries(
				(spec.credentialTypes ?? []).map((type) => [type, { id: `${type}-id`, name: type }]),
			),
		});
		connections[previous] = {
			main: [[{ node: name, type: NodeConnectionTypes.Main, index: 0 }]],
		};
		previous = name;
	});
	const lastNodeName = previous;

	const workflow = new Workflow({
		id: 'test-workflow',
		name: 'Test workflow',
		nodes,
		connections,
		active: false,
		nodeTypes: pkg.nodeTypes,
		settings: { executionOrder: 'v1' },
	});

	const workflowData = {
		id: 'test-workflow',
		name: 'Test workflow',
		nodes,
		connections,
		active: false,
		settings: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
		activeVersionId: null,
	} as unknown as IWorkflowBase;

	const runPromise = new Promise<IRun>((resolve) => {
		const hooks = new ExecutionLifecycleHooks('trigger', 'test-execution', workflowData);
		hooks.addHandler('workflowExecuteAfter', (fullRunData) => resolve(fullRunData));
		const unused = async () => {
			throw new Error('Not available in engine tests');
		};
		const additionalData = {
			hooks,
			credentialsHelper,
			currentNodeExecutionIndex: 0,
			variables: {},
			restApiUrl: 'http://127.0.0.1:5678/rest',
			instanceBaseUrl: 'http://127.0.0.1:5678/',
			formBaseUrl: 'http://127.0.0.1:5678/form',
			formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
			formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
			webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
			webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
			webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
			mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
			mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
			executeWorkflow: unused,
			startRunnerTask: unused,
			getRunExecutionData: async () => undefined,
			getRuntimeCredential: async () => undefined,
			logAiEvent: () => undefined,
			...(options.executionId ? { executionId: options.executionId } : {}),
		} as unknown as IWorkflowExecuteAdditionalData;

		const startItems = (options.items ?? [{}]).map((json, index) =>
			options.binary?.[index] ? { json, binary: options.binary[index] } : { json },
		);
		const runExecutionData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [
					{ node: workflow.getNode(START_NAME)!, data: { main: [startItems] }, source: null },
				],
			},
		});
		void new WorkflowExecute(additionalData, 'trigger', runExecutionData).processRunExecutionData(
			workflow,
		);
	});
	const run = await runPromise;

	const output = (nodeName = lastNodeName) =>
		run.data.resultData.runData[nodeName]?.[0]?.data?.main?.[0] ?? [];
	return {
		run,
		status: run.status,
		error: run.data.resultData.error,
		output,
		json: (nodeName) => output(nodeName).map((item) => item.json),
		credentialsHelper,
	};
}
