import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	ILoadOptionsFunctions,
} from 'n8n-workflow';

import { nodeLoadOptionsContext } from './loadOptions';

import { runWorkflow, type RunResult } from './';
import { startServices, type Simulator, type SimulatorOptions } from '../simulator';

export const ANZ_KEY = 'anz-demo-key';
export const GLOBAL_KEY = 'global-demo-key';

/** Node parameters or start items, as plain objects. */
export type Params = Record<string, unknown>;

export interface EnrichmentContext {
	sim: Simulator;
	runAnz(parameters: Params, items?: Params[], continueOnFail?: boolean): Promise<RunResult>;
	runGlobal(parameters: Params, items?: Params[], continueOnFail?: boolean): Promise<RunResult>;
	/** The same nodes on the service's own API (the credential's default), against the simulator. */
	runAnzService(parameters: Params, items?: Params[], continueOnFail?: boolean): Promise<RunResult>;
	runGlobalService(
		parameters: Params,
		items?: Params[],
		continueOnFail?: boolean,
	): Promise<RunResult>;
}

/** A credential on the service's own API, as a new credential is saved (Base URL empty). */
export function serviceCredential(serviceUrl: string, apiKey: string) {
	return { api: 'service', serviceUrl, baseUrl: '', apiKey };
}

/** Starts a fresh simulator per test (its counters start at zero) and stops it afterwards. */
export function withSimulator(options: () => SimulatorOptions = () => ({})): EnrichmentContext {
	const context = {} as EnrichmentContext;
	beforeEach(async () => {
		context.sim = await startServices(options());
	});
	afterEach(async () => {
		await context.sim.close();
	});
	/** Runs one node of `type` with the credential `credential(simulator URL)` returns. */
	const runner =
		(
			type: string,
			credentialType: string,
			credential: (simUrl: string) => ICredentialDataDecryptedObject,
		) =>
		async (parameters: Params, items?: Params[], continueOnFail = false) =>
			await runWorkflow({
				nodes: {
					type,
					parameters: parameters as never,
					credentialTypes: [credentialType],
					continueOnFail,
				},
				items: items as IDataObject[] | undefined,
				credentials: { [credentialType]: credential(context.sim.url) },
			});
	context.runAnz = runner('anzSalesIntelligence', 'anzSalesIntelligenceApi', (url) => ({
		baseUrl: `${url}/anz/`,
		apiKey: ANZ_KEY,
	}));
	context.runGlobal = runner('globalEnrichment', 'globalEnrichmentApi', (url) => ({
		baseUrl: `${url}/global`,
		apiKey: GLOBAL_KEY,
	}));
	context.runAnzService = runner('anzSalesIntelligence', 'anzSalesIntelligenceApi', (url) =>
		serviceCredential(`${url}/anz/`, ANZ_KEY),
	);
	context.runGlobalService = runner('globalEnrichment', 'globalEnrichmentApi', (url) =>
		serviceCredential(`${url}/global`, GLOBAL_KEY),
	);
	return context;
}

/** Output items as `{ json, pairedItem }` (binary and other keys dropped). */
export function items(result: RunResult) {
	return result.output().map(({ json, pairedItem }) => ({ json, pairedItem }));
}

/** A load-options context of the Global Enrichment node with the given credential values. */
export async function globalLoadOptionsContext(
	credential: ICredentialDataDecryptedObject,
): Promise<ILoadOptionsFunctions> {
	return await nodeLoadOptionsContext(
		{
			type: 'globalEnrichment',
			name: 'Global Enrichment',
			parameters: { resource: 'company', operation: 'search' },
			credentialType: 'globalEnrichmentApi',
			path: 'parameters.filters.industryIds',
		},
		{ globalEnrichmentApi: credential },
	);
}

/** API Call parameters of an enrichment node: `method` to `endpoint`, plus any other parameters. */
export const apiCall = (method: string, endpoint: string, parameters: Params = {}) => ({
	resource: 'apiCall',
	operation: 'request',
	method,
	endpoint,
	...parameters,
});
