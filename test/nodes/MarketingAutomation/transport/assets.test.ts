import { assetForm } from '../../../../nodes/MarketingAutomation/transport/assets';
import { buildOptions } from '../../../../nodes/MarketingAutomation/transport/httpOptions';

describe('Marketing Automation: assetForm, the body of an asset write', () => {
	it('JSON-encodes object fields once, keeps text as it is and leaves absent fields out', () => {
		const request = assetForm({
			name: 'Webinar {{my.date}} & more',
			folder: { id: 15, type: 'Folder' },
			tags: [{ tagType: 'Region', tagValue: 'EMEA' }],
			description: undefined,
			count: 3,
		});
		expect(request).toEqual({
			method: 'POST',
			form: true,
			body: {
				name: 'Webinar {{my.date}} & more',
				folder: '{"id":15,"type":"Folder"}',
				tags: '[{"tagType":"Region","tagValue":"EMEA"}]',
				count: '3',
			},
		});
	});

	it('is sent byte-exact as application/x-www-form-urlencoded', () => {
		const options = buildOptions('https://example.test', {
			path: '/rest/asset/v1/programs.json',
			...assetForm({ name: 'A b', folder: { id: 15, type: 'Folder' } }),
			safeToRepeat: false,
		});
		expect(options.headers).toMatchObject({ 'Content-Type': 'application/x-www-form-urlencoded' });
		expect(options.body).toBe('name=A+b&folder=%7B%22id%22%3A15%2C%22type%22%3A%22Folder%22%7D');
	});
});
