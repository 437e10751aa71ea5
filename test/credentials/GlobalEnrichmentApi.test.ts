import { GlobalEnrichmentApi } from '../../credentials/GlobalEnrichmentApi.credentials';
import { enrichmentCredentialBasics, enrichmentCredentialTests } from './enrichment';
import { useCredentialSimulator } from './helpers';

describe('enrichment credentials', () => {
	enrichmentCredentialBasics([
		'globalEnrichmentApi',
		new GlobalEnrichmentApi(),
		'globalEnrichment',
	]);
});

/** The credential's test (the node's `methods.credentialTest`); these tests talk only to 127.0.0.1. */
describe('credential tests (the nodes’ methods.credentialTest)', () => {
	const env = useCredentialSimulator();
	enrichmentCredentialTests(env, [
		'global',
		'globalEnrichment',
		'globalEnrichmentApi',
		'global-demo-key',
		'https://api.lusha.com',
		"the service's API settings page",
	]);
});
