import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import {
	checkAddress,
	credentialTestMethod,
	CredentialTestFailure,
	isNotApiAnswer,
	probe,
	statusFailure,
	type AddressField,
	type ProbeRequest,
} from '../shared/credentialCheck';
import { apiOf, chosenBaseUrl } from './credentialChoice';
import { type EnrichmentApi } from './types';

/** What an enrichment node's transport tells the shared credential test. */
interface EnrichmentCredentialTest {
	/** The service's own API address (the credential's pre-filled Service URL). */
	serviceUrl: string;
	/** Where the key comes from, e.g. "the service's dashboard (profile, integrations, API)". */
	keySource: string;
	/** The header(s) that carry the key: the node's transport sends the same. */
	authHeaders(credentials: ICredentialDataDecryptedObject): Record<string, string>;
	/** A free call that needs a valid key, on the chosen API (path, method, body). */
	testCall(api: EnrichmentApi): Omit<ProbeRequest, 'url' | 'headers'> & { path: string };
}

/**
 * The credential test of an enrichment credential: the chosen API's address checked before any
 * call, then one free call with the key; each failure names the field to change.
 */
export function enrichmentCredentialTest(config: EnrichmentCredentialTest) {
	return credentialTestMethod(
		'Connection successful: the service accepted the API key.',
		async (ctx, credentials) => {
			const api = apiOf(credentials);
			const address: AddressField =
				api === 'contract'
					? { field: 'Base URL (Connection Contract)', example: 'https://gateway.example.com' }
					: { field: 'Service URL', example: config.serviceUrl };
			const base = chosenBaseUrl(credentials, config.serviceUrl);
			if (!base) {
				throw new CredentialTestFailure(
					'Base URL (Connection Contract) is required when API is Connection Contract: enter the gateway address (e.g. https://gateway.example.com), or choose Service API.',
				);
			}
			checkAddress(base, address);
			if (!String(credentials.apiKey ?? '').trim()) {
				throw new CredentialTestFailure(`Enter the API Key from ${config.keySource}.`);
			}
			const call = config.testCall(api);
			const url = `${base}${call.path}`;
			const answer = await probe(
				ctx,
				{
					method: call.method,
					url,
					body: call.body,
					headers: { Accept: 'application/json', ...config.authHeaders(credentials) },
				},
				address,
			);
			const addressFix = `${address.field} must be the address of the ${
				api === 'contract' ? 'gateway that speaks the connection contract' : "service's own API"
			}, e.g. ${address.example}${
				api === 'contract' ? '' : '; or choose Connection Contract in API for a gateway'
			}.`;
			const keyFix = `Check the API Key: copy it again from ${config.keySource}, without spaces.`;
			if (answer.statusCode === 401) {
				throw new CredentialTestFailure(`The service refused the API key (HTTP 401). ${keyFix}`);
			}
			if (answer.statusCode === 403) {
				throw new CredentialTestFailure(
					`The service accepted the key but refuses this call (HTTP 403): the key's plan or permissions do not include API access. ${keyFix}`,
				);
			}
			if (answer.statusCode < 200 || answer.statusCode >= 300) {
				throw new CredentialTestFailure(
					statusFailure(answer, url, { key: keyFix, address: addressFix }),
				);
			}
			if (isNotApiAnswer(answer)) {
				throw new CredentialTestFailure(
					`The address answered, but not with the API's JSON (a web page?). ${addressFix}`,
				);
			}
		},
	);
}
