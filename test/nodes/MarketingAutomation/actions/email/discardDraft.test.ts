import { outputOf, useMarketing } from '../../helpers';

const discard = (email: string) => ({
	resource: 'email',
	operation: 'discardDraft',
	email: { __rl: true, mode: 'id', value: email },
});

describe('Marketing Automation: Email → Discard Draft', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('posts form-encoded with no fields; the approved version stays', async () => {
		const result = await env.run(discard('4001'), { typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.contentType, c.rawBody])).toEqual([
			[
				'POST',
				'/rest/asset/v1/email/4001/discardDraft.json',
				'application/x-www-form-urlencoded',
				'',
			],
		]);
		expect(outputOf(result)).toEqual([
			{ json: { id: 4001, draftDiscarded: true }, pairedItem: { item: 0 } },
		]);
		expect(sim().emails.get(4001)?.draft).toBeUndefined();
		expect(sim().emails.get(4001)?.approved).toBeDefined();
	});

	it('709 says why from the service: no draft, or a never-approved email', async () => {
		const noDraft = await env.run(discard('4002'), { typeVersion: 2 });
		expect(noDraft.error?.message).toBe(
			'Email 4002 could not be discarded (709): Cannot discard: the email has no draft',
		);
		expect(noDraft.error?.description).toMatch(
			/^Only the draft of an approved email can be discarded: /,
		);
		const onlyVersion = await env.run(discard('4003'), { typeVersion: 2 });
		expect(onlyVersion.error?.message).toBe(
			'Email 4003 could not be discarded (709): Cannot discard the only version of the email',
		);
		// A refusal is an answer: never repeated.
		expect(sim().callsTo('POST', /discardDraft\.json$/)).toHaveLength(2);
	});
});
