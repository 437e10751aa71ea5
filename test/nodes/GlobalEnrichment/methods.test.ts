import { listSearch, loadOptions } from '../../../nodes/GlobalEnrichment/methods';
import {
	GLOBAL_KEY,
	globalLoadOptionsContext,
	serviceCredential,
	withSimulator,
} from '../../harness/enrichment';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

describe('Global Enrichment on the service API: industry picker', () => {
	const ctx = withSimulator();

	it("loads the service's industries (name → ID) and searches with the picked IDs", async () => {
		const context = await globalLoadOptionsContext(
			serviceCredential(`${ctx.sim.url}/global`, GLOBAL_KEY),
		);
		const options = await loadOptions.getIndustries.call(context);
		expect(options.slice(0, 3)).toEqual([
			{ name: 'Finance', value: 4 },
			{ name: 'Healthcare', value: 5 },
			{ name: 'Logistics', value: 6 },
		]);
		const result = await ctx.runGlobalService({
			resource: 'company',
			operation: 'search',
			returnAll: true,
			filters: { industryIds: [3] },
		});
		expect(ctx.sim.services.global.calls.map((c) => [c.method, c.path, c.body])).toEqual([
			['GET', '/v3/companies/prospecting/filters/industriesLabels', undefined],
			[
				'POST',
				'/v3/companies/prospecting',
				{
					pagination: { page: 0, size: 50 },
					filters: { companies: { include: { mainIndustriesIds: [3] } } },
				},
			],
		]);
		expect(result.json().map((json) => json.id)).toEqual(['c-1002']);
	});

	it('on the connection contract the picker says the list needs the service API', async () => {
		const context = await globalLoadOptionsContext({
			baseUrl: `${ctx.sim.url}/global`,
			apiKey: GLOBAL_KEY,
		});
		await expect(loadOptions.getIndustries.call(context)).rejects.toThrow(
			"The industry list comes from the service's own API; on the connection contract, type industry names in the Industry filter",
		);
		expect(ctx.sim.services.global.calls).toHaveLength(0);
	});
});

describe('Global Enrichment on the service API: signal types and search filter pickers', () => {
	const ctx = withSimulator();

	it("loads the service's catalogues through the node's transport, names shown, values the filters take", async () => {
		const context = await globalLoadOptionsContext(
			serviceCredential(`${ctx.sim.url}/global`, GLOBAL_KEY),
		);
		expect(await loadOptions.getContactSignalTypes.call(context)).toEqual([
			{ name: 'All Signals', value: 'allSignals' },
			{ name: 'Company Change', value: 'companyChange' },
			{ name: 'Promotion', value: 'promotion' },
		]);
		const companyTypes = (await loadOptions.getCompanySignalTypes.call(context)).map(
			(o) => o.value,
		);
		expect(companyTypes).toContain('headcountIncrease3m');
		expect(companyTypes).toHaveLength(24);
		expect(await loadOptions.getContactDepartments.call(context)).toEqual([
			{ name: 'Engineering', value: 'Engineering' },
			{ name: 'Marketing', value: 'Marketing' },
			{ name: 'Sales', value: 'Sales' },
		]);
		expect(await loadOptions.getContactSeniorities.call(context)).toEqual([
			{ name: 'c-suite', value: 9 },
			{ name: 'entry', value: 1 },
			{ name: 'manager', value: 4 },
		]);
		expect(await loadOptions.getCompanyIntentTopics.call(context)).toEqual([
			{ name: 'CRM Software', value: 'CRM Software' },
			{ name: 'Data Enrichment', value: 'Data Enrichment' },
		]);
		expect(ctx.sim.services.global.calls.map((c) => [c.method, c.path])).toEqual([
			['GET', '/v3/contacts/signals/types'],
			['GET', '/v3/companies/signals/types'],
			['GET', '/v3/contacts/prospecting/filters/departments'],
			['GET', '/v3/contacts/prospecting/filters/seniority'],
			['GET', '/v3/companies/prospecting/filters/intentTopics'],
		]);
	});

	it('searches technologies with the typed text (2 to 256 characters), asking nothing for less', async () => {
		const context = await globalLoadOptionsContext(
			serviceCredential(`${ctx.sim.url}/global`, GLOBAL_KEY),
		);
		expect(await listSearch.searchTechnologies.call(context, 'a')).toEqual({ results: [] });
		expect(await listSearch.searchTechnologies.call(context, 'acme')).toEqual({
			results: [
				{ name: 'Acme', value: 'Acme' },
				{ name: 'Acme Labs', value: 'Acme Labs' },
			],
		});
		await expect(listSearch.searchTechnologies.call(context, 'x'.repeat(257))).rejects.toThrow(
			'The search text is 257 characters long; the service takes at most 256',
		);
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.query])).toEqual([
			['/v3/companies/prospecting/filters/technologies', 'query=acme'],
		]);
	});

	it('on the connection contract the pickers say they need the service API, with no call', async () => {
		const context = await globalLoadOptionsContext({
			baseUrl: `${ctx.sim.url}/global`,
			apiKey: GLOBAL_KEY,
		});
		await expect(loadOptions.getContactDepartments.call(context)).rejects.toThrow(
			"The filter list works with the service's own API only; the connection contract has no such endpoint",
		);
		await expect(loadOptions.getContactSignalTypes.call(context)).rejects.toThrow(
			"The signal type list works with the service's own API only; the connection contract has no such endpoint",
		);
		expect(ctx.sim.services.global.calls).toHaveLength(0);
	});
});

describe('Global Enrichment on the service API: company catalogue and searched pickers', () => {
	const ctx = withSimulator();
	const service = async () =>
		await globalLoadOptionsContext(serviceCredential(`${ctx.sim.url}/global`, GLOBAL_KEY));

	it('ranges smallest first as the search values, codes with their labels, sub-industries under their industry', async () => {
		const context = await service();
		expect(await loadOptions.getCompanySizes.call(context)).toEqual([
			{ name: '1 to 10 employees', value: '1-10' },
			{ name: '11 to 50 employees', value: '11-50' },
			{ name: '51 to 200 employees', value: '51-200' },
			{ name: '201 to 1,000 employees', value: '201-1000' },
		]);
		expect(await loadOptions.getCompanyRevenues.call(context)).toEqual([
			{ name: '1 to 1,000,000', value: '1-1000000' },
			{ name: '1,000,001 to 10,000,000', value: '1000001-10000000' },
		]);
		expect(await loadOptions.getCompanySicCodes.call(context)).toEqual([
			{ name: '7372 – Prepackaged Software', value: '7372' },
		]);
		expect(await loadOptions.getCompanyNaicsCodes.call(context)).toEqual([
			{ name: '511210 – Software Publishers', value: '511210' },
		]);
		const subIndustries = await loadOptions.getSubIndustries.call(context);
		expect(subIndustries.slice(0, 2)).toEqual([
			{ name: 'Finance › Finance services', value: 401 },
			{ name: 'Finance › Other finance', value: 402 },
		]);
		expect(subIndustries.map((option) => option.name)).toEqual(
			[...subIndustries.map((option) => option.name)].sort((a, b) => a.localeCompare(b)),
		);
		expect(await loadOptions.getCompanyIntentCategories.call(context)).toEqual([
			{ name: 'Business', value: 'Business' },
			{ name: 'Marketing', value: 'Marketing' },
			{ name: 'Technology', value: 'Technology' },
		]);
		expect(ctx.sim.services.global.calls.map((c) => [c.method, c.path, c.query])).toEqual([
			['GET', '/v3/companies/prospecting/filters/sizes', undefined],
			['GET', '/v3/companies/prospecting/filters/revenues', undefined],
			['GET', '/v3/companies/prospecting/filters/sics', undefined],
			['GET', '/v3/companies/prospecting/filters/naics', undefined],
			['GET', '/v3/companies/prospecting/filters/industriesLabels', undefined],
			// The document: this catalogue takes no query (one is answered 400).
			['GET', '/v3/companies/signals/filters/intentCategories', undefined],
		]);
	});

	it('searches company names and locations with the typed text; a location keeps the filter it is', async () => {
		const context = await service();
		expect(await listSearch.searchCompanyNames.call(context, 'a')).toEqual({ results: [] });
		expect(await listSearch.searchCompanyNames.call(context, 'acme')).toEqual({
			results: [
				{ name: 'Acme (acme.example.com)', value: 'Acme' },
				{ name: 'Acme Labs (acmelabs.example.com)', value: 'Acme Labs' },
			],
		});
		expect(await listSearch.searchCompanyLocations.call(context, 'austral')).toEqual({
			results: [
				{
					name: 'Melbourne, Australia',
					value: JSON.stringify({ city: 'Melbourne', country: 'Australia' }),
				},
				{
					name: 'Sydney, Australia',
					value: JSON.stringify({ city: 'Sydney', country: 'Australia' }),
				},
			],
		});
		expect(await listSearch.searchContactLocations.call(context, 'zealand')).toEqual({
			results: [
				{
					name: 'Auckland, New Zealand',
					value: JSON.stringify({ city: 'Auckland', country: 'New Zealand' }),
				},
			],
		});
		await expect(listSearch.searchContactLocations.call(context, 'x'.repeat(257))).rejects.toThrow(
			'The search text is 257 characters long; the service takes at most 256',
		);
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.query])).toEqual([
			['/v3/companies/prospecting/filters/names', 'query=acme'],
			['/v3/companies/prospecting/filters/locations', 'query=austral'],
			['/v3/contacts/prospecting/filters/locations', 'query=zealand'],
		]);
	});

	it('a picked location goes into the search as the location it names', async () => {
		const [sydney] = (await listSearch.searchCompanyLocations.call(await service(), 'sydney'))
			.results;
		await ctx.runGlobalService({
			resource: 'company',
			operation: 'search',
			limit: 10,
			filters: { locationPick: { __rl: true, mode: 'list', value: sydney.value } },
		});
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			['/v3/companies/prospecting/filters/locations', undefined],
			[
				'/v3/companies/prospecting',
				{
					pagination: { page: 0, size: 10 },
					filters: {
						companies: { include: { locations: [{ city: 'Sydney', country: 'Australia' }] } },
					},
				},
			],
		]);
	});

	it('on the connection contract the new pickers say they need the service API, with no call', async () => {
		const context = await globalLoadOptionsContext({
			baseUrl: `${ctx.sim.url}/global`,
			apiKey: GLOBAL_KEY,
		});
		await expect(loadOptions.getSubIndustries.call(context)).rejects.toThrow(
			"The sub-industry list comes from the service's own API; on the connection contract, type industry names in the Industry filter",
		);
		for (const picker of [
			async () => await loadOptions.getCompanySizes.call(context),
			async () => await loadOptions.getCompanyIntentCategories.call(context),
			async () => await listSearch.searchCompanyNames.call(context, 'acme'),
		]) {
			await expect(picker()).rejects.toThrow(
				"The filter list works with the service's own API only; the connection contract has no such endpoint",
			);
		}
		expect(ctx.sim.services.global.calls).toHaveLength(0);
	});
});
