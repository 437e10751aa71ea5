import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { listSearch, loadOptions } from '../../../nodes/MarketingAutomation/methods';
import { nodeLoadOptionsContext } from '../../harness/loadOptions';
import { CREDENTIAL, loadOptionsContext, useMarketing } from './helpers';

describe('Marketing Automation: pickers (list search and load options)', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;
	let context: ILoadOptionsFunctions;

	beforeEach(async () => {
		context = await loadOptionsContext(env);
	});

	it('offers a bulk extract the lead fields, and for program members their member fields first', async () => {
		const contextFor = async (object: string) =>
			await nodeLoadOptionsContext(
				{
					type: 'marketingAutomation',
					name: 'Marketing Automation',
					parameters: { resource: 'bulkExtract', operation: 'extract', object },
					credentialType: CREDENTIAL,
					path: 'parameters.fields',
					typeVersion: 2.1,
				},
				env.credentials(),
			);
		const leads = await loadOptions.getExtractFields.call(await contextFor('leads'));
		expect(leads.map((o) => o.value)).toEqual(
			expect.arrayContaining(['id', 'email', 'firstName', 'lastName', 'createdAt', 'updatedAt']),
		);
		const members = await loadOptions.getExtractFields.call(await contextFor('programMembers'));
		const values = members.map((o) => String(o.value));
		expect(values.slice(0, 3)).toEqual(['acquiredBy', 'isExhausted', 'leadId']);
		expect(values).toEqual(expect.arrayContaining(['statusName', 'email', 'firstName']));
		expect(new Set(values).size).toBe(values.length);
		expect(members.find((o) => o.value === 'statusName')?.description).toBe('Member field');
	});

	it('searches campaigns by name (client-side) and pages with nextPageToken', async () => {
		sim().addCampaigns(320);
		const first = await listSearch.searchCampaigns.call(context, 'webinar');
		expect(first.results).toEqual([{ name: 'Webinar follow-up', value: '2002' }]);
		expect(first.paginationToken).toEqual(expect.any(String));
		const second = await listSearch.searchCampaigns.call(
			context,
			'campaign 320',
			first.paginationToken,
		);
		expect(second.results).toEqual([
			{ name: 'Generated campaign 320', value: String(9000 + 4 + 319) },
		]);
		expect(second.paginationToken).toBeUndefined();
		expect(sim().calls.map((c) => [c.path, c.query.nextPageToken === undefined])).toEqual([
			['/rest/v1/campaigns.json', true],
			['/rest/v1/campaigns.json', false],
		]);
		expect(sim().calls[0].authorization).toMatch(/^Bearer .+:ab$/);
	});

	it('searches folders: the exact name first, then the browse filtered, type and ID shown', async () => {
		const found = await listSearch.searchFolders.call(context, 'Webinars');
		expect(found).toEqual({
			results: [{ name: 'Webinars (folder 17)', value: 'Folder:17' }],
			paginationToken: undefined,
		});
		const partial = await listSearch.searchFolders.call(context, 'webinar');
		expect(partial.results).toEqual([
			{ name: 'Webinars (folder 17)', value: 'Folder:17' },
			{ name: 'Product Webinar (program 3003)', value: 'Program:3003' },
		]);
		expect(sim().calls.map((c) => [c.path, c.query])).toEqual([
			['/rest/asset/v1/folder/byName.json', { name: 'Webinars' }],
			['/rest/asset/v1/folders.json', { maxDepth: '10', maxReturn: '200', offset: '0' }],
			['/rest/asset/v1/folder/byName.json', { name: 'webinar' }],
			['/rest/asset/v1/folders.json', { maxDepth: '10', maxReturn: '200', offset: '0' }],
		]);
	});

	it('offers the channels of the program type chosen', async () => {
		const create = await nodeLoadOptionsContext(
			{
				type: 'marketingAutomation',
				name: 'Marketing Automation',
				parameters: { resource: 'program', operation: 'create', type: 'Event' },
				credentialType: CREDENTIAL,
				path: 'parameters.channel',
			},
			env.credentials(),
		);
		expect(await loadOptions.getProgramChannels.call(create)).toEqual([
			{ name: 'Roadshow', value: 'Roadshow' },
			{ name: 'Tradeshow', value: 'Tradeshow' },
		]);
		expect(sim().calls.map((c) => [c.path, c.query])).toEqual([
			['/rest/asset/v1/channels.json', { maxReturn: '200' }],
		]);
	});

	it("offers the member statuses of the chosen program's channel, in progression order", async () => {
		const setStatus = (program: { __rl: true; mode: string; value: string }) =>
			nodeLoadOptionsContext(
				{
					type: 'marketingAutomation',
					name: 'Marketing Automation',
					parameters: { resource: 'programMember', operation: 'setStatus', program },
					credentialType: CREDENTIAL,
					path: 'parameters.statusName',
					typeVersion: 2,
				},
				env.credentials(),
			);
		const webinar = await setStatus({ __rl: true, mode: 'list', value: '3003' });
		expect(await loadOptions.getProgramMemberStatuses.call(webinar)).toEqual([
			{ name: 'Invited', value: 'Invited' },
			{ name: 'Registered', value: 'Registered' },
			{ name: 'No Show', value: 'No Show' },
			{ name: 'Attended', value: 'Attended' },
		]);
		expect(sim().calls.map((c) => [c.path, c.query])).toEqual([
			['/rest/asset/v1/program/3003.json', {}],
			['/rest/asset/v1/channels.json', { maxReturn: '200' }],
		]);
		// No program yet: nothing to ask the service.
		sim().resetCounters();
		const fresh = await setStatus({ __rl: true, mode: 'list', value: '' });
		expect(await loadOptions.getProgramMemberStatuses.call(fresh)).toEqual([]);
		expect(sim().calls).toEqual([]);
	});

	it('searches lists, programs (offset) and emails (offset)', async () => {
		expect((await listSearch.searchLists.call(context, 'news')).results).toEqual([
			{ name: 'Newsletter subscribers', value: '1001' },
		]);
		const programs = await listSearch.searchPrograms.call(context);
		expect(programs.results.map((r) => r.value)).toEqual([
			'3001',
			'3002',
			'3003',
			'3004',
			'3005',
			'3006',
		]);
		expect(programs.paginationToken).toBeUndefined();
		const emails = await listSearch.searchEmails.call(context, 'welcome');
		expect(emails.results).toEqual([{ name: 'Welcome Email', value: '4002' }]);
		expect(sim().calls.map((c) => [c.path, c.query])).toEqual([
			['/rest/v1/lists.json', { batchSize: '300' }],
			['/rest/asset/v1/programs.json', { maxReturn: '200', offset: '0' }],
			['/rest/asset/v1/emails.json', { maxReturn: '200', offset: '0' }],
		]);
	});

	it('loads filter types (single searchable lead fields, not cookies) and lead fields from describe2', async () => {
		const filterTypes = await loadOptions.getFilterTypes.call(context);
		expect(filterTypes).toEqual([
			{ name: 'Email Address (email)', value: 'email' },
			{ name: 'External Id (externalId)', value: 'externalId' },
			{ name: 'Id', value: 'id' },
		]);
		const fields = await loadOptions.getLeadFields.call(context);
		expect(fields).toContainEqual({
			name: 'Job Title (title)',
			value: 'title',
			description: 'string',
		});
		expect(fields).toHaveLength(sim().fields.length);
		// One describe per editor request (n8n gives each its own context): both loads shared one.
		expect(sim().calls.map((c) => c.path)).toEqual(['/rest/v1/leads/describe2.json']);
	});

	it("Bulk Extract's activity type picker leaves out Delete Lead (37), which the extract refuses", async () => {
		const all = await loadOptions.getActivityTypes.call(context);
		const extract = await loadOptions.getExtractActivityTypes.call(context);
		expect(all).toContainEqual({ name: 'Delete Lead', value: 37 });
		expect(extract).toEqual(all.filter((type) => type.value !== 37));
	});

	it('surfaces service errors instead of an empty list', async () => {
		sim().inject('603');
		await expect(listSearch.searchLists.call(context)).rejects.toThrow(
			'The service refused the call (603): Injected fault 603',
		);
	});
});

describe("Marketing Automation: Trigger's campaign picker", () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;
	let context: ILoadOptionsFunctions;

	beforeEach(async () => {
		context = await loadOptionsContext(env);
	});

	it("Trigger's picker asks the service for triggerable campaigns only: no batch, no inactive", async () => {
		const triggerable = await listSearch.searchTriggerableCampaigns.call(context);
		expect(triggerable).toEqual({
			results: [
				{ name: 'Welcome flow', value: '2001' },
				{ name: 'Webinar follow-up', value: '2002' },
			],
		});
		const filtered = await listSearch.searchTriggerableCampaigns.call(context, 'nurture');
		expect(filtered.results).toEqual([]);
		// Schedule's picker (and Get's) still lists every campaign, batch campaigns included.
		const all = await listSearch.searchCampaigns.call(context);
		expect(all.results.map((r) => r.value)).toEqual(['2001', '2002', '2003', '2004']);
		expect(sim().calls.map((c) => [c.path, c.query])).toEqual([
			['/rest/v1/campaigns.json', { isTriggerable: 'true', batchSize: '300' }],
			['/rest/v1/campaigns.json', { isTriggerable: 'true', batchSize: '300' }],
			['/rest/v1/campaigns.json', { batchSize: '300' }],
		]);
	});
});
