import { outputOf, useMarketing } from '../../helpers';

const unapprove = (email: string) => ({
	resource: 'email',
	operation: 'unapprove',
	email: { __rl: true, mode: 'id', value: email },
});

describe('Marketing Automation: Email → Unapprove', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('posts form-encoded with no fields; the email is a draft again', async () => {
		const result = await env.run(unapprove('4002'), { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.contentType, c.rawBody])).toEqual([
			['POST', '/rest/asset/v1/email/4002/unapprove.json', 'application/x-www-form-urlencoded', ''],
		]);
		expect(outputOf(result)).toEqual([
			{ json: { id: 4002, approved: false }, pairedItem: { item: 0 } },
		]);
		expect(sim().emails.get(4002)?.status).toBe('draft');
	});

	it('an email that is not approved: 709 says why, from the service, and what to do', async () => {
		const result = await env.run(unapprove('4003'), { typeVersion: 2 });
		expect(result.error?.message).toBe(
			'Email 4003 could not be unapproved (709): Cannot unapprove: the email is not approved',
		);
		// The fix, then the service's code, the call, its request ID and its words.
		expect(result.error?.description?.replace(/ \(request [^)]+\)/, '')).toBe(
			'Only an approved email can be unapproved: check its status with Email → Get by Name. If it is approved, the service’s reason above says what blocks it; change that in the service first. The service answered error 709 to POST /rest/asset/v1/email/4003/unapprove.json: Cannot unapprove: the email is not approved',
		);
		expect(sim().callsTo('POST', '/rest/asset/v1/email/4003/unapprove.json')).toHaveLength(1);
	});

	it('refuses an ID that is not a number before any call', async () => {
		// An expression's value passes the editor's check; the node refuses it.
		const result = await env.run(unapprove('={{ $json.id }}'), {
			typeVersion: 2,
			items: [{ id: 'abc' }],
		});
		expect(result.error?.message).toBe(
			'The email ID "abc" in item 0 is not a positive whole number',
		);
		expect(sim().calls).toEqual([]);
	});
});
