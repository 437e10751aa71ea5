import { LoadOptionsContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	ILoadOptionsFunctions,
	INode,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { TestCredentialsHelper } from './credentials';
import { loadPackage } from './loader';

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
	context.runAnz = async (parameters, items, continueOnFail = false) =>
		await runWorkflow({
			nodes: {
				type: 'anzSalesIntelligence',
				parameters: parameters as never,
				credentialTypes: ['anzSalesIntelligenceApi'],
				continueOnFail,
			},
			items: items as IDataObject[] | undefined,
			credentials: {
				anzSalesIntelligenceApi: { baseUrl: `${context.sim.url}/anz/`, apiKey: ANZ_KEY },
			},
		});
	context.runGlobal = async (parameters, items, continueOnFail = false) =>
		await runWorkflow({
			nodes: {
				type: 'globalEnrichment',
				parameters: parameters as never,
				credentialTypes: ['globalEnrichmentApi'],
				continueOnFail,
			},
			items: items as IDataObject[] | undefined,
			credentials: {
				globalEnrichmentApi: { baseUrl: `${context.sim.url}/global`, apiKey: GLOBAL_KEY },
			},
		});
	context.runAnzService = async (parameters, items, continueOnFail = false) =>
		await runWorkflow({
			nodes: {
				type: 'anzSalesIntelligence',
				parameters: parameters as never,
				credentialTypes: ['anzSalesIntelligenceApi'],
				continueOnFail,
			},
			items: items as IDataObject[] | undefined,
			credentials: {
				anzSalesIntelligenceApi: serviceCredential(`${context.sim.url}/anz/`, ANZ_KEY),
			},
		});
	context.runGlobalService = async (parameters, items, continueOnFail = false) =>
		await runWorkflow({
			nodes: {
				type: 'globalEnrichment',
				parameters: parameters as never,
				credentialTypes: ['globalEnrichmentApi'],
				continueOnFail,
			},
			items: items as IDataObject[] | undefined,
			credentials: {
				globalEnrichmentApi: serviceCredential(`${context.sim.url}/global`, GLOBAL_KEY),
			},
		});
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
	const pkg = await loadPackage();
	const node: INode = {
		id: 'n1',
		name: 'Global Enrichment',
		type: `${pkg.packageName}.globalEnrichment`,
		typeVersion: 1,
		position: [0, 0],
		parameters: { resource: 'company', operation: 'search' },
		credentials: { globalEnrichmentApi: { id: 'cred-1', name: 'Global' } },
	};
	const workflow = new Workflow({
		id: 'wf',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: pkg.nodeTypes,
	});
	const additionalData = {
		credentialsHelper: new TestCredentialsHelper(pkg, { globalEnrichmentApi: credential }),
		currentNodeParameters: node.parameters,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters.filters.industryIds');
}
