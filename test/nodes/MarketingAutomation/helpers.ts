import type {
	IBinaryKeyData,
	ICredentialDataDecryptedObject,
	IDataObject,
	ILoadOptionsFunctions,
} from 'n8n-workflow';

import * as describeCache from '../../../nodes/MarketingAutomation/actions/lead/describeCache';
import * as throttle from '../../../nodes/MarketingAutomation/transport/throttle';
import { timing } from '../../../nodes/MarketingAutomation/transport/timing';
import * as token from '../../../nodes/MarketingAutomation/transport/token';
import {
	nodeLoadOptionsContext,
	runWorkflow,
	TestCredentialsHelper,
	type NodeUnderTest,
	type RunResult,
} from '../../harness';
import { startServices, type Simulator } from '../../simulator';
import type { MarketingOptions } from '../../simulator/marketing';
import { DEMO_CLIENT } from '../../simulator/marketing';

export const CREDENTIAL = 'marketingAutomationApi';

/**
 * Fast timings (tests must not wait out 1 s backoffs), changed through jest on the transport's
 * own timing object, and a fresh limiter, token holder and lead describe copy per test (jest.spyOn
 * on the modules' `limiterFor`, `tokenHolderFor` and `describeHolderFor`), so no test inherits
 * another's window, pauses, quota block, token or describe. `jest.restoreAllMocks` undoes them.
 */
export function fastTransport(overrides: Partial<typeof timing> = {}) {
	const settings: Partial<typeof timing> = {
		retries: 4,
		baseDelayMs: 5,
		maxDelayMs: 40,
		timeoutMs: 5_000,
		...overrides,
	};
	for (const key of Object.keys(settings) as Array<keyof typeof timing>) {
		jest.replaceProperty(timing, key, settings[key] as number);
	}
	const limiters = new Map<string, throttle.InstanceLimiter>();
	jest.spyOn(throttle, 'limiterFor').mockImplementation((instance) => {
		let limiter = limiters.get(instance);
		if (!limiter) {
			limiter = new throttle.InstanceLimiter();
			limiters.set(instance, limiter);
		}
		return limiter;
	});
	// The process's lead describe, this test's own too (every test starts without a copy).
	const describeHolders = new Map<string, describeCache.DescribeHolder>();
	jest.spyOn(describeCache, 'describeHolderFor').mockImplementation((key) => {
		let holder = describeHolders.get(key);
		if (!holder) {
			holder = {};
			describeHolders.set(key, holder);
		}
		return holder;
	});
	const holders = new Map<string, token.TokenHolder>();
	jest.spyOn(token, 'tokenHolderFor').mockImplementation((credentials) => {
		// One holder per instance, client ID and secret, as in the transport, but this test's own.
		const key = JSON.stringify([
			credentials.restEndpoint,
			credentials.clientId,
			credentials.clientSecret,
		]);
		let holder = holders.get(key);
		if (!holder) {
			holder = {};
			holders.set(key, holder);
		}
		return holder;
	});
	return limiters;
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
			/** The node's version (1 when omitted: what saved workflows hold). */
			typeVersion?: number;
			binary?: Array<IBinaryKeyData | undefined>;
		},
	): Promise<RunResult>;
	/**
	 * Runs the node's `<type>Tool` variant, as an AI agent calls it, on one item: n8n hands a tool
	 * the agent's own input (a chat's `chatInput` and `sessionId`), the model's arguments and
	 * `toolCallId`.
	 */
	runAsTool(
		parameters: IDataObject,
		item: IDataObject,
		options?: { typeVersion?: number; credentials?: ICredentialDataDecryptedObject },
	): Promise<RunResult>;
}

/**
 * The day the engine tests' demo activities start, whatever the date: their expectations (activity
 * IDs, dates, windows) were written for it. The dev setup and the e2e tests date them from today.
 */
export const TEST_ACTIVITIES_FROM = Date.UTC(2026, 10, 1);

/** Starts a simulator for the file (fresh data), resets the process-wide throttle per test. */
export function useMarketing(options: MarketingOptions = {}): Env {
	const env = {} as Env;
	beforeAll(async () => {
		env.sim = await startServices({
			marketing: { activitiesFrom: TEST_ACTIVITIES_FROM, ...options },
		});
	});
	afterAll(async () => {
		await env.sim.close();
	});
	afterEach(() => jest.restoreAllMocks());
	beforeEach(() => {
		fastTransport();
		env.sim.services.marketing.resetCounters();
	});
	env.credentials = (overrides = {}) => ({
		[CREDENTIAL]: {
			restEndpoint: `${env.sim.url}/rest`,
			clientId: DEMO_CLIENT.clientId,
			clientSecret: DEMO_CLIENT.clientSecret,
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
				typeVersion: runOptions.typeVersion,
			},
			items: runOptions.items,
			binary: runOptions.binary,
			credentials: runOptions.credentialsHelper
				? undefined
				: env.credentials(runOptions.credentials),
			credentialsHelper: runOptions.credentialsHelper,
		});
	env.runAsTool = async (parameters, item, toolOptions = {}) =>
		await runWorkflow({
			nodes: {
				type: 'marketingAutomationTool',
				parameters: parameters as NodeUnderTest['parameters'],
				credentialTypes: [CREDENTIAL],
				typeVersion: toolOptions.typeVersion,
			},
			items: [item],
			credentials: env.credentials(toolOptions.credentials),
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
	return await nodeLoadOptionsContext(
		{
			type: 'marketingAutomation',
			name: 'Marketing Automation',
			parameters: { resource: 'campaign', operation: 'get' },
			credentialType: CREDENTIAL,
			path: 'parameters.campaign',
		},
		env.credentials(credentials),
	);
}
