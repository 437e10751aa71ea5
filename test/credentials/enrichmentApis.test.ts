import {
	NodeHelpers,
	type ICredentialDataDecryptedObject,
	type INodeParameters,
} from 'n8n-workflow';

import { AnzSalesIntelligenceApi } from '../../credentials/AnzSalesIntelligenceApi.credentials';
import { GlobalEnrichmentApi } from '../../credentials/GlobalEnrichmentApi.credentials';
import { baseUrl as anzBaseUrl } from '../../nodes/AnzSalesIntelligence/transport';
import { apiOf } from '../../nodes/enrichment/credentialChoice';
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
				'api',
				'serviceUrl',
				'baseUrl',
				'apiKey',
				name === 'anz' ? 'requestsPerSecond' : 'callsInFlight',
				'maxRateWaitSeconds',
			]);
			const [legacyApi, newApi] = credential.properties.filter((p) => p.name === 'api');
			expect([legacyApi.default, newApi.default]).toEqual(['contract', 'service']);
			expect(newApi.options?.map((o) => ('value' in o ? o.value : undefined))).toEqual([
				'service',
				'contract',
			]);
			expect(byName.serviceUrl.default).toBe(address);
			expect(byName.serviceUrl.displayOptions).toEqual({ show: { api: ['service'] } });
			// The contract's Base URL only under Connection Contract.
			expect(byName.baseUrl.displayOptions).toEqual({ show: { api: ['contract'] } });
			expect(byName.baseUrl.default).toBe('');
		},
	);

	it.each([
		['anz', new AnzSalesIntelligenceApi()],
		['global', new GlobalEnrichmentApi()],
	])(
		'%s: the editor shows Base URL only for the contract, and a saved Base URL survives',
		(_name, credential) => {
			// What n8n does when it opens and saves a credential: defaults for missing fields, then
			// only the displayed fields' values are kept.
			const shown = (stored: Record<string, unknown>) =>
				NodeHelpers.getNodeParameters(
					credential.properties,
					stored as INodeParameters,
					true,
					false,
					null,
					null,
				);
			const saved = (stored: Record<string, unknown>) =>
				NodeHelpers.getNodeParameters(
					credential.properties,
					stored as INodeParameters,
					false,
					false,
					null,
					null,
				);
			// A new credential: Service API, no Base URL field.
			expect(shown({ apiKey: 'k' })).toMatchObject({ api: 'service' });
			expect(shown({ apiKey: 'k' })).not.toHaveProperty('baseUrl');
			// A credential saved before the API choice: Connection Contract, Base URL kept on saving.
			const legacy = { baseUrl: 'https://gateway.example.com', apiKey: 'k' };
			expect(shown(legacy)).toMatchObject({
				api: 'contract',
				baseUrl: 'https://gateway.example.com',
			});
			expect(saved({ ...shown(legacy) })).toMatchObject({ baseUrl: 'https://gateway.example.com' });
			// Switching such a credential to the Service API hides Base URL: saving drops it.
			expect(saved({ ...legacy, api: 'service' })).not.toHaveProperty('baseUrl');
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
