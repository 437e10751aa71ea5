import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { AnzSalesIntelligenceApi } from '../../credentials/AnzSalesIntelligenceApi.credentials';
import { GlobalEnrichmentApi } from '../../credentials/GlobalEnrichmentApi.credentials';
import { baseUrl as anzBaseUrl } from '../../nodes/AnzSalesIntelligence/transport';
import { apiOf } from '../../nodes/enrichment/http';
import { baseUrl as globalBaseUrl } from '../../nodes/GlobalEnrichment/transport';

const CONTRACT = '$credentials.api === "contract" || $credentials.baseUrl.trim() !== ""';

describe('enrichment credentials', () => {
	it('anz: Bearer header, API key as a password, a free test call on the chosen API', () => {
		const credential = new AnzSalesIntelligenceApi();
		expect(credential.name).toBe('anzSalesIntelligenceApi');
		expect(credential.authenticate).toEqual({
			type: 'generic',
			properties: { headers: { Authorization: '=Bearer {{$credentials.apiKey.trim()}}' } },
		});
		expect(credential.properties.find((p) => p.name === 'apiKey')?.typeOptions?.password).toBe(
			true,
		);
		expect(credential.test.request).toEqual({
			baseURL: `={{(${CONTRACT} ? $credentials.baseUrl : $credentials.serviceUrl || "https://api.firmable.com").trim().replace(/\\/+$/, "")}}`,
			url: `={{${CONTRACT} ? "/account/usage" : "/people/search"}}`,
			method: `={{${CONTRACT} ? "GET" : "POST"}}`,
			body: `={{${CONTRACT} ? undefined : { selectedCountry: "AU", from: 0, size: 1 }}}`,
		});
		expect(credential.documentationUrl).toMatch(/^https:\/\//);
		expect(credential.icon).toEqual({
			light: 'file:../icons/anzSalesIntelligence.svg',
			dark: 'file:../icons/anzSalesIntelligence.dark.svg',
		});
	});

	it('global: api_key header, API key as a password, a free test call', () => {
		const credential = new GlobalEnrichmentApi();
		expect(credential.name).toBe('globalEnrichmentApi');
		expect(credential.authenticate).toEqual({
			type: 'generic',
			properties: { headers: { api_key: '={{$credentials.apiKey.trim()}}' } },
		});
		expect(credential.properties.find((p) => p.name === 'apiKey')?.typeOptions?.password).toBe(
			true,
		);
		expect(credential.test.request).toEqual({
			baseURL: `={{(${CONTRACT} ? $credentials.baseUrl : $credentials.serviceUrl || "https://api.lusha.com").trim().replace(/\\/+$/, "")}}`,
			url: '/account/usage',
			method: 'GET',
		});
	});

	it.each([
		['anz', new AnzSalesIntelligenceApi(), 'https://api.firmable.com'],
		['global', new GlobalEnrichmentApi(), 'https://api.lusha.com'],
	])(
		'%s: one field chooses the API; the service API is the default, pre-filled and editable',
		(_name, credential, address) => {
			const byName = Object.fromEntries(credential.properties.map((p) => [p.name, p]));
			expect(credential.properties.map((p) => p.name)).toEqual([
				'api',
				'serviceUrl',
				'baseUrl',
				'apiKey',
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
