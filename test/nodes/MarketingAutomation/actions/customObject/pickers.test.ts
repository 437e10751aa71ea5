import { loadOptions, resourceMapping } from '../../../../../nodes/MarketingAutomation/methods';
import { nodeLoadOptionsContext } from '../../../../harness';
import { CREDENTIAL, useMarketing } from '../../helpers';

describe('Marketing Automation v2: custom object pickers and the resource mapper', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;
	const context = async (parameters: Record<string, unknown>) =>
		await nodeLoadOptionsContext(
			{
				type: 'marketingAutomation',
				name: 'Marketing Automation',
				parameters: parameters as never,
				credentialType: CREDENTIAL,
				path: 'parameters.columns',
			},
			env.credentials(),
		);

	it('lists the instance’s custom object types by label', async () => {
		const ctx = await context({ resource: 'customObject', operation: 'createOrUpdate' });
		expect(await loadOptions.getCustomObjectTypes.call(ctx)).toEqual([
			{ name: 'Car (car_c)', value: 'car_c', description: undefined },
			{ name: 'Subscription (subscription_c)', value: 'subscription_c', description: undefined },
		]);
		expect(sim().calls.map((c) => [c.method, c.path])).toEqual([
			['GET', '/rest/v1/customobjects.json'],
		]);
	});

	it('maps the columns of the picked type: writable fields and keys, the dedupe key matched by default', async () => {
		const ctx = await context({
			resource: 'customObject',
			operation: 'createOrUpdate',
			customObject: 'car_c',
		});
		const { fields } = await resourceMapping.getObjectColumns.call(ctx);
		expect(fields.map((f) => [f.id, f.type, f.defaultMatch, f.canBeUsedToMatch])).toEqual([
			['marketoGUID', 'string', false, true],
			['vin', 'string', true, true],
			['make', 'string', false, false],
			['model', 'string', false, false],
			['year', 'number', false, false],
			['leadId', 'number', false, false],
		]);
		// The keys are marked; none is `required` for n8n, which would refuse matching on the ID.
		expect(fields.map((f) => [f.displayName, f.required])).toEqual([
			['Marketo GUID (marketoGUID) [ID]', false],
			['VIN [Key, Required to Create]', false],
			['Make', false],
			['Model', false],
			['Year', false],
			['Lead Id (leadId)', false],
		]);
		expect(sim().calls.map((c) => c.path)).toEqual(['/rest/v1/customobjects/car_c/describe.json']);
	});

	it('maps the program members’ writable fields (not the lead, not read-only ones), by label', async () => {
		const ctx = await context({ resource: 'programMember', operation: 'createOrUpdate' });
		const { fields } = await resourceMapping.getProgramMemberColumns.call(ctx);
		expect(fields.map((f) => [f.id, f.displayName, f.type, f.canBeUsedToMatch])).toEqual([
			['registrationCode', 'Registration Code (registrationCode)', 'string', false],
			['webinarUrl', 'Webinar Url (webinarUrl)', 'string', false],
			['ticketType', 'Ticket Type (ticketType)', 'string', false],
			['sessionCount', 'Session Count (sessionCount)', 'number', false],
		]);
		expect(sim().calls.map((c) => c.path)).toEqual(['/rest/v1/programs/members/describe.json']);
	});

	it('offers single searchable fields and a compound dedupe key as filter types; fields to return', async () => {
		const ctx = await context({
			resource: 'customObject',
			operation: 'getAll',
			customObject: 'subscription_c',
		});
		expect(await loadOptions.getObjectFilterTypes.call(ctx)).toEqual([
			{ name: 'Account Number (accountNumber)', value: 'accountNumber' },
			{
				name: 'Dedupe Key (accountNumber + plan)',
				value: 'dedupeFields',
				description: 'Give the key values as JSON objects',
			},
			{ name: 'Marketo GUID (marketoGUID)', value: 'marketoGUID' },
		]);
		const fields = await loadOptions.getObjectFields.call(ctx);
		expect(fields.map((f) => f.value)).toEqual([
			'accountNumber',
			'createdAt',
			'leadId',
			'marketoGUID',
			'plan',
			'seats',
			'updatedAt',
		]);
	});

	it('the standard objects use the same methods by resource; no custom type picked gives nothing', async () => {
		const company = await context({ resource: 'company', operation: 'getAll' });
		expect((await loadOptions.getObjectFilterTypes.call(company)).map((o) => o.value)).toEqual([
			'company',
			'externalCompanyId',
			'id',
		]);
		const none = await context({ resource: 'customObject', operation: 'getAll', customObject: '' });
		expect(await resourceMapping.getObjectColumns.call(none)).toEqual({ fields: [] });
	});
});
