import { enrichmentRedirectSuite } from '../../harness/redirects';

/** The API key never follows a redirect to another host (see `enrichmentRedirectSuite`). */
describe('Global Enrichment: redirects keep the API key on its host', () => {
	enrichmentRedirectSuite({
		type: 'globalEnrichment',
		credentialType: 'globalEnrichmentApi',
		apiKey: 'global-secret',
		keyHeader: { api_key: 'global-secret' },
	});
});
