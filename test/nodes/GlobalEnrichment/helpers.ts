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
