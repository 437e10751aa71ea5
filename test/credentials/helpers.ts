import { CredentialTestContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	INodeCredentialTestResult,
	INodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { freePort } from '../../scripts/ports';
import { loadPackage } from '../harness';
import { startServices, type Simulator } from '../simulator';

/**
 * Runs a credential's test as n8n's credential tester does for a credential without `test`: the
 * node's `testedBy` names its `methods.credentialTest` function, called in n8n-core's own
 * CredentialTestContext (whose only HTTP helper is `request`) with an unsaved credential.
 */
export async function runCredentialTest(
	nodeName: string,
	credentialType: string,
	data: ICredentialDataDecryptedObject,
): Promise<INodeCredentialTestResult> {
	const pkg = await loadPackage();
	const node = pkg.nodeTypes.getByName(nodeName) as INodeType;
	const testedBy = node.description.credentials?.find((c) => c.name === credentialType)?.testedBy;
	if (typeof testedBy !== 'string') throw new Error(`${nodeName} does not test ${credentialType}`);
	const test = node.methods?.credentialTest?.[testedBy];
	if (!test) throw new Error(`${nodeName} has no credential test "${testedBy}"`);
	const context = new CredentialTestContext({} as IWorkflowExecuteAdditionalData);
	return await test.call(context, { id: '', name: 'Test', type: credentialType, data });
}

/** A simulator for the credential tests, and the address of a port where nothing listens. */
export interface CredentialSimulator {
	sim: Simulator;
	closed: string;
}

/** Starts the simulator once for the file's credential tests and stops it afterwards. */
export function useCredentialSimulator(): CredentialSimulator {
	const env = { closed: '' } as CredentialSimulator;
	beforeAll(async () => {
		env.sim = await startServices();
		env.closed = `http://127.0.0.1:${await freePort()}`;
	});
	afterAll(async () => await env.sim.close());
	return env;
}
