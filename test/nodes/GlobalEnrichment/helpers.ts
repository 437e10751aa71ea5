import type { IDataObject } from 'n8n-workflow';

import { checkAnswer, matchEndpoint } from '../../contracts/check';
import { globalContract, globalWebhooksContract } from '../../contracts/global';
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

/**
 * A hand-made answer for nock, checked against the service's contract first: a wire test may only
 * answer what the published document allows (`test/contracts/global.ts`).
 */
export function documented<T>(method: string, path: string, status: number, body: T): T {
	const contract = path.startsWith('/api/') ? globalWebhooksContract : globalContract;
	const match = matchEndpoint(contract, method, path);
	if (!match) throw new Error(`${method} ${path} has no entry in the contract`);
	const problems = checkAnswer(match.endpoint, status, body);
	if (problems.length > 0) throw new Error(`Not a documented answer:\n${problems.join('\n')}`);
	return body;
}
