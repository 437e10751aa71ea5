import { LoadOptionsContext } from 'n8n-core';
import type {
	INodeParameters,
	ILoadOptionsFunctions,
	INode,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { TestCredentialsHelper, type CredentialValues } from './credentials';
import { loadPackage } from './loader';

export interface LoadOptionsNode {
	/** The node type without the package prefix, e.g. `globalEnrichment`. */
	type: string;
	/** The node's display name. */
	name: string;
	/** The node's parameters (resource and operation at least). */
	parameters: INodeParameters;
	/** The credential type the node uses. */
	credentialType: string;
	/** The parameter path whose options are loaded, e.g. `parameters.campaign`. */
	path: string;
	/** The node's version (1 unless given): n8n drops the parameters a version does not show. */
	typeVersion?: number;
}

/**
 * n8n-core's real load-options context (what the editor uses for list search and load options)
 * for one node, over the harness's credential helper; its `helpers.httpRequest` is n8n's own.
 */
export async function nodeLoadOptionsContext(
	options: LoadOptionsNode,
	credentials: CredentialValues,
): Promise<ILoadOptionsFunctions> {
	const pkg = await loadPackage();
	const node: INode = {
		id: 'n1',
		name: options.name,
		type: `${pkg.packageName}.${options.type}`,
		typeVersion: options.typeVersion ?? 1,
		position: [0, 0],
		parameters: options.parameters,
		credentials: { [options.credentialType]: { id: 'cred-1', name: options.name } },
	};
	const workflow = new Workflow({
		id: 'wf',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: pkg.nodeTypes,
	});
	const additionalData = {
		credentialsHelper: new TestCredentialsHelper(pkg, credentials),
		currentNodeParameters: node.parameters,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, options.path);
}
