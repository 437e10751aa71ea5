import { listSearch } from '../../../../../nodes/MarketingAutomation/methods';
import { loadOptionsContext, outputOf, useMarketing } from '../../helpers';

const getFields = (form: string, mode = 'id') => ({
	resource: 'form',
	operation: 'getFields',
	form: { __rl: true, mode, value: form },
});

describe('Marketing Automation v2: Form → Get Fields', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('the form picker browses the forms by offset, filters by name and shows each ID', async () => {
		const ctx = await loadOptionsContext(env);
		expect(await listSearch.searchForms.call(ctx, 'contact')).toEqual({
			results: [{ name: 'Contact Us (502)', value: '502' }],
			paginationToken: undefined,
		});
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			['GET', '/rest/asset/v1/forms.json', { maxReturn: '200', offset: '0' }],
		]);
	});

	it('one item per field of the form, by field ID, paired with its input item', async () => {
		const result = await env.run(getFields('502', 'list'), { typeVersion: 2 });
		expect(sim().calls.map((c) => [c.method, c.path])).toEqual([
			['GET', '/rest/asset/v1/form/502/fields.json'],
		]);
		expect(outputOf(result)).toEqual([
			{
				json: { id: 'Email', label: 'Email Address:', dataType: 'email', required: true },
				pairedItem: { item: 0 },
			},
			{
				json: { id: 'Phone', label: 'Phone Number:', dataType: 'phone', required: true },
				pairedItem: { item: 0 },
			},
			{
				json: { id: 'Title', label: 'Job Title:', dataType: 'text', required: false },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('an unknown form is 702 with the fix; a bad ID is refused before any call', async () => {
		const missing = await env.run(getFields('999'), { typeVersion: 2 });
		expect(missing.error?.message).toBe('No form with ID 999 (702)');
		expect(missing.error?.description).toMatch(/^Pick the form from the list\. The service/);
		const bad = await env.run(getFields('={{ $json.form }}'), {
			typeVersion: 2,
			items: [{ form: 'Contact Us' }],
		});
		expect(bad.error?.message).toBe(
			'The form ID "Contact Us" in item 0 is not a positive whole number',
		);
		expect(sim().calls).toHaveLength(1);
	});
});
