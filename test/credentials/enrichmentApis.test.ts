import { AnzSalesIntelligenceApi } from '../../credentials/AnzSalesIntelligenceApi.credentials';
import { GlobalEnrichmentApi } from '../../credentials/GlobalEnrichmentApi.credentials';

describe('enrichment credentials', () => {
	it('anz: Bearer header, API key as a password, a free test call', () => {
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
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "")}}',
			url: '/account/usage',
			method: 'GET',
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
		expect(credential.test.request).toMatchObject({ url: '/account/usage', method: 'GET' });
	});
});
