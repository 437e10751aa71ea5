import { listSearch } from '../../../../../nodes/MarketingAutomation/methods';
import { nodeLoadOptionsContext } from '../../../../harness';
import { CREDENTIAL, outputOf, useMarketing } from '../../helpers';

const update = (
	section: string,
	type: string,
	value: string,
	options = {},
	email = '4002',
	sectionMode = 'id',
) => ({
	resource: 'email',
	operation: 'updateContentSection',
	email: { __rl: true, mode: 'id', value: email },
	section: { __rl: true, mode: sectionMode, value: section },
	type,
	value,
	options,
});

describe('Marketing Automation: Email → Update Content Section', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('the section picker lists the picked email’s sections by HTML ID, locked ones marked', async () => {
		sim()
			.emails.get(4001)!
			.approved!.find((s) => s.htmlId === 'body')!.isLocked = true;
		const ctx = await nodeLoadOptionsContext(
			{
				type: 'marketingAutomation',
				name: 'Marketing Automation',
				parameters: {
					resource: 'email',
					operation: 'updateContentSection',
					email: { __rl: true, mode: 'id', value: '4001' },
				},
				credentialType: CREDENTIAL,
				path: 'parameters.section',
				typeVersion: 2,
			},
			env.credentials(),
		);
		expect(await listSearch.searchEmailSections.call(ctx)).toEqual({
			results: [
				{ name: 'headline', value: 'headline' },
				{ name: 'body (locked)', value: 'body' },
			],
		});
		expect(await listSearch.searchEmailSections.call(ctx, 'HEAD')).toEqual({
			results: [{ name: 'headline', value: 'headline' }],
		});
		expect(sim().calls.map((c) => [c.method, c.path, c.query])).toEqual([
			['GET', '/rest/asset/v1/email/4001/content.json', {}],
			['GET', '/rest/asset/v1/email/4001/content.json', {}],
		]);
	});

	it('posts type, value and text version form-encoded, byte for byte; the draft holds the change', async () => {
		const result = await env.run(
			update('headline', 'Text', '<h1>Hello & welcome</h1>', { textValue: 'Hello' }),
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.contentType, c.rawBody])).toEqual([
			[
				'POST',
				'/rest/asset/v1/email/4002/content/headline.json',
				'application/x-www-form-urlencoded',
				'type=Text&value=%3Ch1%3EHello+%26+welcome%3C%2Fh1%3E&textValue=Hello',
			],
		]);
		expect(outputOf(result)).toEqual([
			{
				json: { id: 4002, htmlId: 'headline', type: 'Text', updated: true, version: 'draft' },
				pairedItem: { item: 0 },
			},
		]);
		expect(
			sim()
				.emails.get(4002)
				?.draft?.find((s) => s.htmlId === 'headline'),
		).toMatchObject({
			value: '<h1>Hello & welcome</h1>',
			textValue: 'Hello',
		});
	});

	it('a snippet section takes the snippet ID', async () => {
		await env.run(update('body', 'Snippet', ' 12 ', {}, '4002', 'list'), { typeVersion: 2 });
		expect(sim().calls.map((c) => c.rawBody)).toEqual(['type=Snippet&value=12']);
	});

	it('refuses bad input before any call: HTML ID, empty value, non-ID value, text version', async () => {
		const cases: Array<[ReturnType<typeof update>, string]> = [
			[update('a/b', 'Text', 'x'), 'The section "a/b" of item 0 is not an HTML ID'],
			[update('headline', 'Text', '  '), 'The value of item 0 is empty'],
			[
				update('headline', 'DynamicContent', 'Segment A'),
				'The value "Segment A" of item 0 is not a segmentation ID',
			],
			[
				update('headline', 'Snippet', '12', { textValue: 'x' }),
				'Item 0 gives a text version to a Snippet section',
			],
		];
		for (const [parameters, message] of cases) {
			const result = await env.run(parameters, { typeVersion: 2 });
			expect(result.error?.message).toBe(message);
		}
		expect(sim().calls).toEqual([]);
	});

	it('a locked section is 709 with the service’s words and the fix; a missing one 702', async () => {
		sim()
			.emails.get(4003)!
			.draft!.find((s) => s.htmlId === 'body')!.isLocked = true;
		const locked = await env.run(update('body', 'Text', '<p>x</p>', {}, '4003'), {
			typeVersion: 2,
		});
		expect(locked.error?.message).toBe(
			'Email 4003 could not be updated in section "body" (709): Section \'body\' is locked',
		);
		expect(locked.error?.description).toMatch(
			/^The service’s reason above says what blocks the change: a section locked by the email’s template cannot be edited/,
		);
		const missing = await env.run(update('footer', 'Text', '<p>x</p>', {}, '4003'), {
			typeVersion: 2,
		});
		expect(missing.error?.message).toBe(
			'Email 4003 or its section "footer" was not found (702): Section \'footer\' not found in the email',
		);
	});
});
