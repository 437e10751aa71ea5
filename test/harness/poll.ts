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

/**
 * One poll of a polling trigger in n8n-core's real PollContext (parameters, credentials and
 * static data as n8n gives them). Static data changes are copied back only when the poll
 * succeeds, as n8n commits the poll cursor only then.
 */
export async function pollOnce(options: PollOptions): Promise<INodeExecutionData[][] | null> {
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
		id: 'poll-workflow',
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
	const context = new PollContext(
		workflow,
		node,
		additionalData,
		options.mode ?? 'trigger',
		'activate',
	);
	const nodeType = pkg.nodeTypes.getByNameAndVersion(node.type, 1) as INodeType;
	const result = await nodeType.poll!.call(context);
	const saved = workflow.getStaticData('node', node);
	for (const key of Object.keys(options.staticData)) delete options.staticData[key];
	Object.assign(options.staticData, {
		[`node:${node.name}`]: JSON.parse(JSON.stringify(saved)) as IDataObject,
	});
	return result;
}
