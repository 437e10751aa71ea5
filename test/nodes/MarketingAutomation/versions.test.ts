import type {
	IDataObject,
	INode,
	INodeParameters,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MarketingAutomation } from '../../../nodes/MarketingAutomation/MarketingAutomation.node';
import { useMarketing } from './helpers';

/** What n8n's editor shows: the node's description evaluated for one version and parameter set. */
const description = new MarketingAutomation().description;

function visible(typeVersion: number, parameters: INodeParameters): INodeProperties[] {
	const node = { typeVersion, parameters } as unknown as INode;
	return description.properties.filter((property) =>
		NodeHelpers.displayParameter(parameters, property, node, description),
	);
}

/** The Operation options the editor offers for a resource in a version. */
function operationsOf(typeVersion: number, resource: string): string[] {
	const shown = visible(typeVersion, { resource }).filter((p) => p.name === 'operation');
	expect(shown).toHaveLength(1);
	return (shown[0].options as INodePropertyOptions[]).map((option) => String(option.value));
}

/** Every action text the node offers in a version (the actions panel of the editor). */
function actionsOf(typeVersion: number): string[] {
	const resourceParameter = visible(typeVersion, {}).find((p) => p.name === 'resource');
	const resources = (resourceParameter?.options as INodePropertyOptions[]).map((o) =>
		String(o.value),
	);
	return resources.flatMap((resource) =>
		visible(typeVersion, { resource })
			.filter((p) => p.name === 'operation')
			.flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => String(o.action))),
	);
}

const fieldsOf = (typeVersion: number, resource: string, operation: string) =>
	visible(typeVersion, { resource, operation, returnAll: false })
		.map((p) => p.name)
		.filter((name) => name !== 'resource' && name !== 'operation');

describe('Marketing Automation in the editor: operations by version', () => {
	it('version 1 keeps every operation where saved workflows have it', () => {
		expect(operationsOf(1, 'activity')).toEqual([
			'getEmailBounces',
			'getEmailOpens',
			'getLeadChanges',
		]);
		expect(operationsOf(1, 'lead')).toEqual(['createOrUpdate', 'getChanges', 'getAll']);
		expect(operationsOf(1, 'email')).toEqual([
			'approveDraft',
			'discardDraft',
			'getByName',
			'getContent',
			'getPrograms',
			'sendSample',
			'unapprove',
			'updateContentSection',
		]);
		expect(operationsOf(1, 'program')).toEqual(['getStatistics']);
	});

	it('version 2 offers Get lead changes under Lead only and email programs under Program', () => {
		expect(operationsOf(2, 'activity')).toEqual(['getEmailBounces', 'getEmailOpens']);
		expect(operationsOf(2, 'lead')).toEqual([
			'createOrUpdate',
			'delete',
			'describe',
			'getChanges',
			'getAll',
			'merge',
		]);
		expect(operationsOf(2, 'email')).toEqual([
			'approveDraft',
			'discardDraft',
			'getByName',
			'getContent',
			'sendSample',
			'unapprove',
			'updateContentSection',
		]);
		expect(operationsOf(2, 'program')).toEqual([
			'approve',
			'clone',
			'create',
			'get',
			'getAll',
			'getEmailPrograms',
			'getStatistics',
			'unapprove',
		]);
	});

	it('version 2 offers each action once; version 1 still lists Get lead changes twice', () => {
		const v2 = actionsOf(2);
		expect(v2.filter((action, i) => v2.indexOf(action) !== i)).toEqual([]);
		expect(v2.filter((action) => action === 'Get lead changes')).toHaveLength(1);
		expect(v2.filter((action) => action === 'Get many email programs')).toHaveLength(1);
		const v1 = actionsOf(1);
		expect(v1.filter((action) => action === 'Get lead changes')).toHaveLength(2);
		expect(v1.filter((action) => action === 'Get many email programs')).toHaveLength(1);
		// Version 2 adds 59 actions: 4 per lead-database object (20), 4 of program members, usage,
		// lead delete / describe / merge, list create / delete, campaign activate / deactivate, the
		// bulk jobs (import, its status; extract, file, status, cancel, get many), program get,
		// get many, create, clone, approve and unapprove, token get many, create or update, delete,
		// campaign get by name and clone, the form's two, the named account list's six, and the
		// flow step's return results.
		expect(v1).toHaveLength(v2.length + 1 - 59);
	});

	it('version 1 keeps its resources and operations; version 2 adds the lead database', () => {
		const resources = (typeVersion: number) =>
			(
				visible(typeVersion, {}).find((p) => p.name === 'resource')
					?.options as INodePropertyOptions[]
			).map((o) => String(o.value));
		expect(resources(1)).toEqual([
			'activity',
			'apiCall',
			'campaign',
			'customField',
			'email',
			'landingPage',
			'lead',
			'list',
			'program',
		]);
		expect(resources(2)).toEqual([
			'activity',
			'apiCall',
			'bulkExtract',
			'bulkImport',
			'campaign',
			'company',
			'customField',
			'customObject',
			'email',
			'flowStep',
			'form',
			'landingPage',
			'lead',
			'list',
			'namedAccount',
			'namedAccountList',
			'opportunity',
			'opportunityRole',
			'program',
			'programMember',
			'token',
			'usage',
		]);
		expect(operationsOf(1, 'list')).toEqual(['addLeads', 'getAll', 'getMembers', 'removeLeads']);
		expect(operationsOf(2, 'list')).toEqual([
			'addLeads',
			'create',
			'delete',
			'getAll',
			'getMembers',
			'removeLeads',
		]);
		expect(operationsOf(1, 'campaign')).toEqual(['get', 'getAll', 'schedule', 'trigger']);
		expect(operationsOf(2, 'campaign')).toEqual([
			'activate',
			'clone',
			'deactivate',
			'get',
			'getByName',
			'getAll',
			'schedule',
			'trigger',
		]);
	});

	it('a moved operation shows the same fields in its old (version 1) and new place', () => {
		const emailPrograms = ['returnAll', 'limit', 'filters'];
		expect(fieldsOf(1, 'email', 'getPrograms')).toEqual(emailPrograms);
		expect(fieldsOf(2, 'program', 'getEmailPrograms')).toEqual(emailPrograms);
		expect(fieldsOf(2, 'email', 'getPrograms')).toEqual([]);
		const leadChanges = ['sinceDatetime', 'changeFields', 'returnAll', 'limit', 'options'];
		expect(fieldsOf(1, 'activity', 'getLeadChanges')).toEqual(leadChanges);
		expect(fieldsOf(1, 'lead', 'getChanges')).toEqual(leadChanges);
		expect(fieldsOf(2, 'lead', 'getChanges')).toEqual(leadChanges);
		expect(fieldsOf(2, 'activity', 'getLeadChanges')).toEqual([]);
	});

	it('Create or Update asks for the Write Mode, with outcomes as options and the old values', () => {
		for (const version of [1, 2]) {
			const [field] = visible(version, { resource: 'lead', operation: 'createOrUpdate' }).filter(
				(p) => p.name === 'syncAction',
			);
			expect(field.displayName).toBe('Write Mode');
			expect(field.default).toBe('createOrUpdate');
			expect(
				(field.options as INodePropertyOptions[]).map((option) => [option.name, option.value]),
			).toEqual([
				['Always Create a New Lead', 'createDuplicate'],
				['Create New, Skip Existing', 'createOnly'],
				['Create New, Update Existing', 'createOrUpdate'],
				['Update Existing, Skip New', 'updateOnly'],
			]);
		}
	});

	it('version 2.1 is the default and offers what version 2 does', () => {
		expect(description.version).toEqual([1, 2, 2.1]);
		expect(description.defaultVersion).toBe(2.1);
		expect(actionsOf(2.1)).toEqual(actionsOf(2));
	});

	it('Program Member → Create or Update: version 2 keeps its field list, 2.1 maps automatically', () => {
		const member = { resource: 'programMember', operation: 'createOrUpdate' };
		expect(fieldsOf(2, member.resource, member.operation)).toEqual([
			'program',
			'leadId',
			'memberFields',
			'options',
		]);
		expect(fieldsOf(2.1, member.resource, member.operation)).toEqual([
			'program',
			'leadId',
			'columns',
			'options',
		]);
		const [columns] = visible(2.1, member).filter((p) => p.name === 'columns');
		expect(columns.default).toEqual({ mappingMode: 'autoMapInputData', value: null });
		expect(columns.typeOptions?.resourceMapper?.resourceMapperMethod).toBe(
			'getProgramMemberColumns',
		);
	});

	it('Bulk Extract: version 2 keeps its comma-separated Fields, 2.1 picks them from a list', () => {
		const fieldsOfVersion = (typeVersion: number) =>
			visible(typeVersion, { resource: 'bulkExtract', operation: 'extract', object: 'leads' })
				.filter((p) => p.name === 'fields')
				.map((p) => [p.type, p.default, p.typeOptions?.loadOptionsMethod]);
		expect(fieldsOfVersion(2)).toEqual([
			['string', 'id,email,firstName,lastName,createdAt,updatedAt', undefined],
		]);
		expect(fieldsOfVersion(2.1)).toEqual([
			[
				'multiOptions',
				['id', 'email', 'firstName', 'lastName', 'createdAt', 'updatedAt'],
				'getExtractFields',
			],
		]);
	});

	it('every upsert of version 2.1 starts in Map Automatically', () => {
		const modes = [
			'company',
			'opportunity',
			'opportunityRole',
			'customObject',
			'programMember',
			'lead',
		].map((resource) => {
			const [columns] = visible(2.1, { resource, operation: 'createOrUpdate' }).filter(
				(p) => p.name === 'columns',
			);
			return [resource, columns.type, (columns.default as IDataObject).mappingMode];
		});
		expect(modes).toEqual([
			['company', 'resourceMapper', 'autoMapInputData'],
			['opportunity', 'resourceMapper', 'autoMapInputData'],
			['opportunityRole', 'resourceMapper', 'autoMapInputData'],
			['customObject', 'resourceMapper', 'autoMapInputData'],
			['programMember', 'resourceMapper', 'autoMapInputData'],
			['lead', 'resourceMapper', 'autoMapInputData'],
		]);
	});

	it('Lead → Create or Update: versions 1 and 2 keep Lead Data and Lookup Field, 2.1 maps columns', () => {
		const lead = { resource: 'lead', operation: 'createOrUpdate' };
		for (const version of [1, 2]) {
			expect(fieldsOf(version, lead.resource, lead.operation)).toEqual([
				'syncAction',
				'lookupField',
				'dataMode',
				'additionalFields',
			]);
			expect(visible(version, { ...lead, dataMode: 'define' }).map((p) => p.name)).toContain(
				'leadFields',
			);
		}
		expect(fieldsOf(2.1, lead.resource, lead.operation)).toEqual([
			'syncAction',
			'columns',
			'additionalFields',
		]);
		const [columns] = visible(2.1, lead).filter((p) => p.name === 'columns');
		expect(columns.default).toEqual({ mappingMode: 'autoMapInputData', value: null });
		expect(columns.typeOptions?.resourceMapper).toMatchObject({
			resourceMapperMethod: 'getLeadColumns',
			mode: 'upsert',
			multiKeyMatch: false,
			supportAutoMap: true,
			matchingFieldsLabels: { title: 'Lookup Field' },
		});
	});

	it('Bulk Import and Extract offer the time limit in seconds; a saved one in minutes stays', () => {
		for (const [resource, operation] of [
			['bulkImport', 'import'],
			['bulkExtract', 'extract'],
		]) {
			const node = { typeVersion: 2.1, parameters: { resource, operation } } as unknown as INode;
			const keep = (options: IDataObject) =>
				NodeHelpers.getNodeParameters(
					description.properties,
					{ resource, operation, options } as INodeParameters,
					false,
					false,
					node,
					description,
				)?.options;
			// n8n keeps a saved option only where it is shown: minutes only where saved.
			expect(keep({ timeLimitSeconds: 90 })).toEqual({ timeLimitSeconds: 90 });
			expect(keep({ timeLimit: 5 })).toEqual({ timeLimit: 5 });
			expect(keep({ timeLimit: '={{ 5 }}' })).toEqual({ timeLimit: '={{ 5 }}' });
			const [options] = visible(2.1, { resource, operation }).filter((p) => p.name === 'options');
			const offered = (options.options as INodeProperties[]).filter((option) =>
				NodeHelpers.displayParameter({}, option, node, description),
			);
			expect(offered.map((option) => option.displayName)).toContain('Time Limit (Seconds)');
			expect(offered.map((option) => option.displayName)).not.toContain('Time Limit (Minutes)');
		}
	});

	it("Trigger's campaign picker lists requestable campaigns and says why; Schedule's lists all", () => {
		const pickerOf = (operation: string) => {
			const [campaign] = visible(2, { resource: 'campaign', operation }).filter(
				(p) => p.name === 'campaign',
			);
			return {
				method: campaign.modes?.[0].typeOptions?.searchListMethod,
				hint: campaign.hint,
			};
		};
		expect(pickerOf('trigger')).toEqual({
			method: 'searchTriggerableCampaigns',
			hint: 'Only active trigger campaigns can be requested, so only those are listed; use Schedule for batch campaigns',
		});
		expect(pickerOf('schedule')).toEqual({ method: 'searchCampaigns', hint: undefined });
		expect(pickerOf('get')).toEqual({ method: 'searchCampaigns', hint: undefined });
	});
});

describe('Marketing Automation: a moved operation sends the same requests in both places', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	/** Runs the parameters and returns the requests (method, path, query, body) and the output. */
	const runOf = async (typeVersion: number, parameters: IDataObject) => {
		sim().resetCounters();
		const result = await env.run(parameters, { typeVersion });
		expect(result.error).toBeUndefined();
		return {
			calls: sim().calls.map((c) => [c.method, c.path, c.query, c.body]),
			output: result.output().map((item) => ({ json: item.json, pairedItem: item.pairedItem })),
		};
	};

	it('Get Many Email Programs: Email (version 1, saved workflows) and Program (version 2)', async () => {
		const fields = { returnAll: false, limit: 2, filters: {} };
		const saved = await runOf(1, { resource: 'email', operation: 'getPrograms', ...fields });
		expect(saved.calls).toEqual([
			['GET', '/rest/asset/v1/programs.json', { maxReturn: '200', offset: '0' }, undefined],
		]);
		expect(saved.output.map((item) => item.json.id)).toEqual([3001, 3005]);
		expect(
			await runOf(2, { resource: 'program', operation: 'getEmailPrograms', ...fields }),
		).toEqual(saved);
	});

	it('Get Lead Changes: Activity (version 1, saved workflows) and Lead (both versions)', async () => {
		const fields = {
			sinceDatetime: '2026-11-08T00:00:00Z',
			changeFields: ['leadScore'],
			returnAll: false,
			limit: 2,
			options: { listId: 1001 },
		};
		const saved = await runOf(1, { resource: 'activity', operation: 'getLeadChanges', ...fields });
		expect(saved.calls.map(([method, path]) => `${method} ${path}`)).toEqual([
			'GET /rest/v1/activities/pagingtoken.json',
			'GET /rest/v1/activities/leadchanges.json',
		]);
		expect(saved.output).toHaveLength(2);
		// The paging token is derived from the date, so equal requests mean equal tokens.
		expect(await runOf(1, { resource: 'lead', operation: 'getChanges', ...fields })).toEqual(saved);
		expect(await runOf(2, { resource: 'lead', operation: 'getChanges', ...fields })).toEqual(saved);
	});
});
