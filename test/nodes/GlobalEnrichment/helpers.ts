import type { IDataObject } from 'n8n-workflow';

import { runWorkflow } from '../../harness';

/** Runs the node with `parameters` on `startItems`, on the contract at https://global.test (nock). */
export const runNock = async (
	parameters: Record<string, unknown>,
	startItems: Array<Record<string, unknown>>,
) =>
	await runWorkflow({
		nodes: {
			type: 'globalEnrichment',
			parameters: parameters as never,
			credentialTypes: ['globalEnrichmentApi'],
		},
		items: startItems as IDataObject[],
		credentials: { globalEnrichmentApi: { baseUrl: 'https://global.test', apiKey: 'g-secret' } },
	});

/** The same on the service's own API at https://global.test (nock); `continueOnFail` optional. */
export const runNockService = async (
	parameters: Record<string, unknown>,
	startItems: Array<Record<string, unknown>>,
	continueOnFail = false,
) =>
	await runWorkflow({
		nodes: {
			type: 'globalEnrichment',
			parameters: parameters as never,
			credentialTypes: ['globalEnrichmentApi'],
			continueOnFail,
		},
		items: startItems as IDataObject[],
		credentials: {
			globalEnrichmentApi: {
				api: 'service',
				serviceUrl: 'https://global.test',
				baseUrl: '',
				apiKey: 'g-secret',
			},
		},
	});
