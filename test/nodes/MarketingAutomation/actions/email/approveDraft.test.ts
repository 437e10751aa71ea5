import { outputOf, useMarketing } from '../../helpers';

describe('Marketing Automation: Email → Approve Draft', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('Approve Draft posts form-encoded with no fields; approving again fails with 709', async () => {
		const result = await env.run({
			resource: 'email',
			operation: 'approveDraft',
			email: { mode: 'id', value: '4003' },
		});
		expect(result.error).toBeUndefined();
		expect(sim().calls[0]).toMatchObject({
			method: 'POST',
			path: '/rest/asset/v1/email/4003/approveDraft.json',
			contentType: 'application/x-www-form-urlencoded',
		});
		expect(outputOf(result)).toEqual([
			{ json: { id: 4003, approved: true }, pairedItem: { item: 0 } },
		]);
		const again = await env.run({
			resource: 'email',
			operation: 'approveDraft',
			email: { mode: 'id', value: '4003' },
		});
		expect(again.error?.message).toBe(
			'The service refused the call (709): Cannot approve: the email has no draft',
		);
		expect(sim().callsTo('POST', '/rest/asset/v1/email/4003/approveDraft.json')).toHaveLength(2);
	});

	it('refuses an email ID that is not a number in a later item before any call', async () => {
		const result = await env.run(
			{
				resource: 'email',
				operation: 'approveDraft',
				email: { mode: 'id', value: '={{ $json.id }}' },
			},
			{ items: [{ id: 4003 }, { id: 'abc' }] },
		);
		expect(result.error?.message).toBe(
			'The email ID "abc" in item 1 is not a positive whole number',
		);
		expect(sim().calls).toEqual([]);
	});
});
