import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { AnzSalesIntelligenceApi } from '../../credentials/AnzSalesIntelligenceApi.credentials';
import { GlobalEnrichmentApi } from '../../credentials/GlobalEnrichmentApi.credentials';
import { baseUrl as anzBaseUrl } from '../../nodes/AnzSalesIntelligence/transport';
import { apiOf } from '../../nodes/enrichment/http';
import { baseUrl as globalBaseUrl } from '../../nodes/GlobalEnrichment/transport';

describe('enrichment credentials', () => {
	it.each([
		['anzSalesIntelligenceApi', new AnzSalesIntelligenceApi(), 'anzSalesIntelligence'],
		['globalEnrichmentApi', new GlobalEnrichmentApi(), 'globalEnrichment'],
	])(
		'%s: no authenticate and no test (the node adds the key header and tests it), key hidden',
		(name, credential, icon) => {
			expect(credential.name).toBe(name);
			expect(credential).not.toHaveProperty('authenticate');
			expect(credential).not.toHaveProperty('test');
			expect(credential.properties.find((p) => p.name === 'apiKey')?.typeOptions?.password).toBe(
				true,
			);
			expect(credential.documentationUrl).toMatch(/^https:\/\//);
			expect(credential.icon).toEqual({
				light: `file:../icons/${icon}.svg`,
				dark: `file:../icons/${icon}.dark.svg`,
			});
		},
	);

	it.each([
		['anz', new AnzSalesIntelligenceApi(), 'https://api.firmable.com'],
		['global', new GlobalEnrichmentApi(), 'https://api.lusha.com'],
	])(
		'%s: one field chooses the API; the service API is the default, pre-filled and editable',
		(name, credential, address) => {
			const byName = Object.fromEntries(credential.properties.map((p) => [p.name, p]));
			expect(credential.properties.map((p) => p.name)).toEqual([
				'api',
				'serviceUrl',
				'baseUrl',
				'apiKey',
				name === 'anz' ? 'requestsPerSecond' : 'callsInFlight',
				'maxRateWaitSeconds',
			]);
			expect(byName.api.default).toBe('service');
			expect(byName.api.options?.map((o) => ('value' in o ? o.value : undefined))).toEqual([
				'service',
				'contract',
			]);
			expect(byName.serviceUrl.default).toBe(address);
			expect(byName.serviceUrl.displayOptions).toEqual({ show: { api: ['service'] } });
			// Always displayed, so n8n keeps the Base URL of credentials saved before the API choice.
			expect(byName.baseUrl.displayOptions).toBeUndefined();
			expect(byName.baseUrl.default).toBe('');
		},
	);

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
