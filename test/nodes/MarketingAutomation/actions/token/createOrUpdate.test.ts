import { outputOf, useMarketing } from '../../helpers';

const upsert = (tokens: Array<Record<string, string>>, extra: Record<string, unknown> = {}) => ({
	resource: 'token',
	operation: 'createOrUpdate',
	owner: 'program',
	program: { __rl: true, mode: 'list', value: '3003' },
	tokens: { token: tokens },
	...extra,
});

describe('Marketing Automation v2: Token → Create or Update', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('posts one form per token, byte for byte; the output holds the program’s tokens', async () => {
		const result = await env.run(
			upsert([
				{ name: '{{my.Webinar Date}}', type: 'date', value: '2026-12-17' },
				{ name: 'Join Link', type: 'text', value: 'https://example.com/join?id=7&x=1' },
			]),
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.contentType, c.rawBody])).toEqual([
			[
				'POST',
				'/rest/asset/v1/folder/3003/tokens.json',
				'application/x-www-form-urlencoded',
				'name=Webinar+Date&type=date&value=2026-12-17&folderType=Program',
			],
			[
				'POST',
				'/rest/asset/v1/folder/3003/tokens.json',
				'application/x-www-form-urlencoded',
				'name=Join+Link&type=text&value=https%3A%2F%2Fexample.com%2Fjoin%3Fid%3D7%26x%3D1&folderType=Program',
			],
		]);
		expect(outputOf(result)).toEqual([
			{
				json: {
					folderId: 3003,
					folderType: 'Program',
					updated: ['Webinar Date', 'Join Link'],
					tokens: [
						{ name: 'Webinar Title', type: 'text', value: 'Product Webinar' },
						{ name: 'Webinar Date', type: 'date', value: '2026-12-17' },
						{ name: 'Join Link', type: 'text', value: 'https://example.com/join?id=7&x=1' },
					],
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('an upsert is safe to repeat: a cut-off answer is retried', async () => {
		sim().inject('truncated', { path: '/rest/asset/v1/folder/3003/tokens.json' });
		const result = await env.run(upsert([{ name: 'Room', type: 'text', value: 'B' }]), {
			typeVersion: 2,
		});
		expect(result.error).toBeUndefined();
		expect(sim().callsTo('POST', '/rest/asset/v1/folder/3003/tokens.json')).toHaveLength(2);
	});

	it('a refusal after some tokens names those already set', async () => {
		sim().inject('1001', {
			path: '/rest/asset/v1/folder/3003/tokens.json',
			match: (request) => (request.body as Record<string, string>)?.name === 'Second',
			message: 'Invalid value',
		});
		const result = await env.run(
			upsert([
				{ name: 'First', type: 'text', value: '1' },
				{ name: 'Second', type: 'text', value: '2' },
			]),
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe('The token "Second" was refused (1001): Invalid value');
		expect(result.error?.description).toMatch(
			/^Check the token’s type and value: .* The tokens before it are set on program 3003: "First"\. The service answered error 1001/,
		);
	});

	it('names over 50 characters, unknown types and values that do not fit are refused before any call', async () => {
		const messages = [];
		for (const token of [
			{ name: 'n'.repeat(51), type: 'text', value: 'x' },
			{ name: 'Kind', type: '={{ "color" }}', value: 'x' },
			{ name: 'Day', type: 'date', value: '2026-13-01' },
			{ name: 'Count', type: 'number', value: 'ten' },
			{ name: 'Points', type: 'score', value: '+1.5' },
			{ name: 'Body', type: 'rich text', value: '<p>' + 'x'.repeat(1_000_000) + '</p>' },
		]) {
			messages.push((await env.run(upsert([token]), { typeVersion: 2 })).error?.message);
		}
		expect(messages).toEqual([
			`Token 1 of item 0 has the name "${'n'.repeat(51)}", longer than 50 characters`,
			'Token 1 of item 0 ("Kind") has the type "color", which the service does not have',
			'Token 1 of item 0 ("Day"): the date value "2026-13-01" is not a date written YYYY-MM-DD',
			'Token 1 of item 0 ("Count"): the number value "ten" is not a number',
			'Token 1 of item 0 ("Points"): the score value "+1.5" is not a whole number (e.g. 10, +10 or -5)',
			`Token 1 of item 0 ("Body"): the rich text value "<p>${'x'.repeat(97)}…" (1000007 characters) is larger than the 1 MB the service takes in one request`,
		]);
		expect(sim().calls).toHaveLength(0);
	});
});
