import { PollContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	IWorkflowExecuteAdditionalData,
	NodeParameterValueType,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { TestCredentialsHelper, type CredentialValues } from './credentials';
import { loadPackage } from './loader';

export interface PollOptions {
	/** Node type without the package prefix, e.g. `marketingAutomationTrigger`. */
	type: string;
	parameters: Record<string, NodeParameterValueType | IDataObject>;
	credentialType: string;
	credentials: CredentialValues;
	/** The workflow's static data, kept by the caller between polls (as n8n keeps it). */
	staticData: IDataObject;
	/** 'trigger' for an active workflow, 'manual' for the editor's test step. */
	mode?: WorkflowExecuteMode;
}

/** One workflow ID per caller's static data: each static data object is one active workflow. */
const workflowIds = new WeakMap<IDataObject, string>();
let activations = 0;
const workflowIdOf = (staticData: IDataObject) => {
	if (!workflowIds.has(staticData)) workflowIds.set(staticData, `poll-workflow-${++activations}`);
	return workflowIds.get(staticData)!;
};

interface Activation {
	workflow: Workflow;
	node: INode;
	nodeType: INodeType;
	additionalData: IWorkflowExecuteAdditionalData;
}

async function activation(options: PollOptions): Promise<Activation> {
	const pkg = await loadPackage();
	const node: INode = {
		id: 'trigger',
		name: 'Trigger',
		type: `${pkg.packageName}.${options.type}`,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters as INode['parameters'],
		credentials: { [options.credentialType]: { id: `${options.credentialType}-id`, name: 'Test' } },
	};
	const workflow = new Workflow({
		id: workflowIdOf(options.staticData),
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: pkg.nodeTypes,
		staticData: JSON.parse(JSON.stringify(options.staticData)) as IDataObject,
	});
	const additionalData = {
		credentialsHelper: new TestCredentialsHelper(pkg, options.credentials),
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	const nodeType = pkg.nodeTypes.getByNameAndVersion(node.type, 1) as INodeType;
	return { workflow, node, nodeType, additionalData };
}

const pollIn = async (active: Activation, mode: WorkflowExecuteMode) =>
	await active.nodeType.poll!.call(
		new PollContext(active.workflow, active.node, active.additionalData, mode, 'activate'),
	);

/**
 * One poll of a polling trigger in n8n-core's real PollContext (parameters, credentials and
 * static data as n8n gives them). Static data changes are copied back only when the poll
 * succeeds, as n8n commits the poll cursor only then.
 */
export async function pollOnce(options: PollOptions): Promise<INodeExecutionData[][] | null> {
	const active = await activation(options);
	const result = await pollIn(active, options.mode ?? 'trigger');
	const saved = active.workflow.getStaticData('node', active.node);
	for (const key of Object.keys(options.staticData)) delete options.staticData[key];
	Object.assign(options.staticData, {
		[`node:${active.node.name}`]: JSON.parse(JSON.stringify(saved)) as IDataObject,
	});
	return result;
}

/**
 * An active workflow as n8n keeps it between polls: one Workflow object whose static data lives
 * in memory, and a new PollContext for every scheduled poll. `poll()` may be called again while
 * an earlier poll is still running, as n8n's schedule does when a poll outlasts its interval.
 */
export async function activeTrigger(options: PollOptions) {
	const active = await activation(options);
	return {
		poll: async () => await pollIn(active, 'trigger'),
		staticData: () => active.workflow.getStaticData('node', active.node),
	};
}
