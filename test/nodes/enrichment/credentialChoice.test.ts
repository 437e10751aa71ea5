import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { baseUrl as anzBaseUrl } from '../../../nodes/AnzSalesIntelligence/transport';
import { apiOf } from '../../../nodes/enrichment/credentialChoice';
import { baseUrl as globalBaseUrl } from '../../../nodes/GlobalEnrichment/transport';

/** Which API a saved credential speaks, and the address each node's transport takes from it. */
describe('enrichment credentials', () => {
	it('a saved credential with only Base URL and key keeps the connection contract', () => {
		const saved = (values: object) => values as ICredentialDataDecryptedObject;
		// Saved before the API choice existed; n8n fills in the new fields' defaults.
		const legacy = saved({ baseUrl: 'https://gateway.example.com/', apiKey: 'k' });
		expect(apiOf(legacy)).toBe('contract');
		expect(apiOf({ ...legacy, api: 'service', serviceUrl: 'https://api.firmable.com' })).toBe(
			'contract',
		);
		expect(anzBaseUrl(legacy)).toBe('https://gateway.example.com');
		expect(globalBaseUrl(legacy)).toBe('https://gateway.example.com');

		const fresh = saved({ api: 'service', serviceUrl: 'https://api.lusha.com', baseUrl: '' });
		expect(apiOf(fresh)).toBe('service');
		expect(globalBaseUrl(fresh)).toBe('https://api.lusha.com');
		expect(anzBaseUrl(saved({ api: 'service', serviceUrl: ' https://proxy.example.com/ ' }))).toBe(
			'https://proxy.example.com',
		);
		expect(anzBaseUrl(saved({ api: 'service', baseUrl: '' }))).toBe('https://api.firmable.com');
		expect(apiOf(saved({ api: 'contract', baseUrl: 'https://g.example.com' }))).toBe('contract');
	});
});
