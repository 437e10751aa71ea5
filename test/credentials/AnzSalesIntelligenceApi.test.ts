import { AnzSalesIntelligenceApi } from '../../credentials/AnzSalesIntelligenceApi.credentials';
import { enrichmentCredentialBasics, enrichmentCredentialTests } from './enrichment';
import { useCredentialSimulator } from './helpers';

describe('enrichment credentials', () => {
	enrichmentCredentialBasics([
		'anzSalesIntelligenceApi',
		new AnzSalesIntelligenceApi(),
		'anzSalesIntelligence',
	]);
});

/** The credential's test (the node's `methods.credentialTest`); these tests talk only to 127.0.0.1. */
describe('credential tests (the nodes’ methods.credentialTest)', () => {
	const env = useCredentialSimulator();
	enrichmentCredentialTests(env, [
		'anz',
		'anzSalesIntelligence',
		'anzSalesIntelligenceApi',
		'anz-demo-key',
		'https://api.firmable.com',
		"the service's dashboard (profile, integrations, API)",
	]);
});
