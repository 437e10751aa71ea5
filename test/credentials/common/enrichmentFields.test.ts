import { NodeHelpers, type INodeParameters } from 'n8n-workflow';

import { AnzSalesIntelligenceApi } from '../../../credentials/AnzSalesIntelligenceApi.credentials';
import { GlobalEnrichmentApi } from '../../../credentials/GlobalEnrichmentApi.credentials';

/** The API choice fields both enrichment credentials take from credentials/common/enrichmentFields. */
describe('enrichment credentials', () => {
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
});
