import {
	getCompanySignalTypes,
	getContactSignalTypes,
} from '../../../../nodes/GlobalEnrichment/trigger/loadOptions';
import { GLOBAL_KEY, serviceCredential, withSimulator } from '../../../harness/enrichment';
import { nodeLoadOptionsContext } from '../../../harness/loadOptions';

/** The trigger's signal pickers read the service's catalogue, free, never a fixed list. */
describe('Global Enrichment Trigger: signal pickers', () => {
	const ctx = withSimulator();

	it('lists the contact and company signal types from the catalogue, named for people', async () => {
		const context = await nodeLoadOptionsContext(
			{
				type: 'globalEnrichmentTrigger',
				name: 'Global Enrichment Trigger',
				parameters: { entityType: 'both' },
				credentialType: 'globalEnrichmentApi',
				path: 'parameters.contactSignalTypes',
			},
			{ globalEnrichmentApi: serviceCredential(`${ctx.sim.url}/global`, GLOBAL_KEY) },
		);
		expect(await getContactSignalTypes.call(context)).toEqual([
			{ name: 'All Signals', value: 'allSignals' },
			{ name: 'Company Change', value: 'companyChange' },
			{ name: 'Promotion', value: 'promotion' },
		]);
		// `{ signalTypes: [...] }`: the 24 types the document lists, sorted by name.
		const companyTypes = (await getCompanySignalTypes.call(context)).map((o) => o.name);
		expect(companyTypes).toHaveLength(24);
		expect(companyTypes.slice(0, 4)).toEqual([
			'All Signals',
			'Commercial Activity News',
			'Corporate Strategy News',
			'Financial Events News',
		]);
		expect(ctx.sim.services.global.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
			'GET /v3/contacts/signals/types',
			'GET /v3/companies/signals/types',
		]);
		expect(ctx.sim.services.global.creditsSpent).toBe(0);
	});
});
