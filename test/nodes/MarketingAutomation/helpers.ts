import { LoadOptionsContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	ILoadOptionsFunctions,
	INode,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { setTransportSettings } from '../../../nodes/MarketingAutomation/transport';
import { resetThrottle } from '../../../nodes/MarketingAutomation/transport/throttle';
import { setTokenTiming } from '../../../nodes/MarketingAutomation/transport/token';
import {
	loadPackage,
	runWorkflow,
	TestCredentialsHelper,
	type NodeUnderTest,
	type RunResult,
} from '../../harness';
import { startServices, type Simulator } from '../../simulator';
import type { MarketingOptions } from '../../simulator/marketing';
import { DEMO_CLIENT } from '../../simulator/marketing';

export const CREDENTIAL = 'marketingAutomationApi';

/** Fast timings: tests must not wait out real 20 s windows or 1 s backoffs. */
export function fastTransport() {
	resetThrottle({ windowMs: 20_000, maxCallsPerWindow: 95, maxConcurrent: 10 });
	setTransportSettings({
		backoff: { retries: 4, baseDelayMs: 5, maxDelayMs: 40 },
		timeoutMs: 5_000,
	});
	setTokenTiming({ refreshMarginMs: 20_000, maxWaitMs: 25_000 });
}

export interface Env {
	sim: Simulator;
	credentials(
		overrides?: ICredentialDataDecryptedObject,
	): Record<string, ICredentialDataDecryptedObject>;
	run(
		parameters: IDataObject,
		options?: {
			items?: IDataObject[];
			continueOnFail?: boolean;
			credentialsHelper?: TestCredentialsHelper;
			credentials?: ICredentialDataDecryptedObject;
		},
	): Promise<RunResult>;
}

/** Starts a simulator for the file (fresh data), resets the process-wide throttle per test. */
export function useMarketing(options: MarketingOptions = {}): Env {
	const env = {} as Env;
	beforeAll(async () => {
		env.sim = await startServices({ marketing: options });
	});
	afterAll(async () => {
		await env.sim.close();
	});
	beforeEach(() => {
		fastTransport();
		env.sim.services.marketing.resetCounters();
	});
	env.credentials = (overrides = {}) => ({
		[CREDENTIAL]: {
			restEndpoint: `${env.sim.url}/rest`,
			clientId: DEMO_CLIENT.clientId,
			clientSecret: DEMO_CLIENT.clientSecret,
			accessToken: '',
			expiresAt: 0,
			issuedFor: '',
			...overrides,
		},
	});
	env.run = async (parameters, runOptions = {}) =>
		await runWorkflow({
			nodes: {
				type: 'marketingAutomation',
				parameters: parameters as NodeUnderTest['parameters'],
				credentialTypes: [CREDENTIAL],
				continueOnFail: runOptions.continueOnFail,
			},
			items: runOptions.items,
			credentials: runOptions.credentialsHelper
				? undefined
				: env.credentials(runOptions.credentials),
			credentialsHelper: runOptions.credentialsHelper,
		});
	return env;
}

/** Output items as `{ json, pairedItem }` only. */
export const outputOf = (result: RunResult) =>
	result.output().map((item) => ({ json: item.json, pairedItem: item.pairedItem }));

/**
 * n8n-core's real load-options context (what the editor uses for list search and load options),
 * over the harness's credential helper; its `helpers.httpRequest` is n8n's own.
 */
export async function loadOptionsContext(
	env: Env,
	credentials: ICredentialDataDecryptedObject = {},
): Promise<ILoadOptionsFunctions> {
	const pkg = await loadPackage();
	const node: INode = {
		id: 'n1',
		name: 'Marketing Automation',
		type: `${pkg.packageName}.marketingAutomation`,
		typeVersion: 1,
		position: [0, 0],
		parameters: { resource: 'campaign', operation: 'get' },
		credentials: { [CREDENTIAL]: { id: 'cred-1', name: 'Marketing' } },
	};
	const workflow = new Workflow({
		id: 'wf',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: pkg.nodeTypes,
	});
	const additionalData = {
		credentialsHelper: new TestCredentialsHelper(pkg, env.credentials(credentials)),
		currentNodeParameters: node.parameters,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters.campaign');
}
