import type { IDataObject } from 'n8n-workflow';

import { runWorkflow } from '../../harness';

/** The node with `parameters` on `startItems` and `credential`, against nock. */
const runWith =
	(credential: Record<string, unknown>) =>
	async (
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
			credentials: { globalEnrichmentApi: credential as never },
		});

/** Runs the node on the contract at https://global.test (nock). */
export const runNock = runWith({ baseUrl: 'https://global.test', apiKey: 'g-secret' });

/** The same on the service's own API at https://global.test (nock). */
export const runNockService = runWith({
	api: 'service',
	serviceUrl: 'https://global.test',
	baseUrl: '',
	apiKey: 'g-secret',
});
