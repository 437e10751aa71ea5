import { enrichmentRedirectSuite } from '../../harness/redirects';

/** The API key never follows a redirect to another host (see `enrichmentRedirectSuite`). */
describe('ANZ Sales Intelligence: redirects keep the API key on its host', () => {
	enrichmentRedirectSuite({
		type: 'anzSalesIntelligence',
		credentialType: 'anzSalesIntelligenceApi',
		apiKey: 'anz-secret',
		keyHeader: { authorization: 'Bearer anz-secret' },
	});
});
