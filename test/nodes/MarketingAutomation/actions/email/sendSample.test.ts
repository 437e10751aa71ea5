import { outputOf, useMarketing } from '../../helpers';

const PATH = '/rest/asset/v1/email/4002/sendSample.json';
const sample = (emailAddress: string, options = {}, email = '4002') => ({
	resource: 'email',
	operation: 'sendSample',
	email: { __rl: true, mode: 'id', value: email },
	emailAddress,
	options,
});

describe('Marketing Automation: Email → Send Sample', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('posts the address, lead and text-only flag form-encoded, byte for byte', async () => {
		const result = await env.run(sample('qa+n8n@example.com', { leadId: '7', textOnly: true }), {
			typeVersion: 2,
		});
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path, c.contentType, c.rawBody])).toEqual([
			[
				'POST',
				PATH,
				'application/x-www-form-urlencoded',
				'emailAddress=qa%2Bn8n%40example.com&leadId=7&textOnly=true',
			],
		]);
		expect(outputOf(result)).toEqual([
			{
				json: {
					id: 4002,
					sent: true,
					emailAddress: 'qa+n8n@example.com',
					leadId: 7,
					textOnly: true,
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(sim().programOps.samples.at(-1)).toEqual({
			emailId: 4002,
			emailAddress: 'qa+n8n@example.com',
			leadId: 7,
		});
	});

	it('sends only the address when no option is set', async () => {
		const result = await env.run(sample('qa@example.com'), { typeVersion: 2 });
		expect(sim().calls.map((c) => c.rawBody)).toEqual(['emailAddress=qa%40example.com']);
		expect(result.json()).toEqual([{ id: 4002, sent: true, emailAddress: 'qa@example.com' }]);
	});

	it('refuses a bad address or lead ID before any call', async () => {
		const badAddress = await env.run(sample('qa at example'), { typeVersion: 2 });
		expect(badAddress.error?.message).toBe(
			'The address "qa at example" in the \'Send To\' field of item 0 is not an e-mail address',
		);
		const badLead = await env.run(sample('qa@example.com', { leadId: 'ana' }), {
			typeVersion: 2,
		});
		expect(badLead.error?.message).toBe(
			'The lead ID "ana" in item 0 is not a positive whole number',
		);
		expect(sim().calls).toEqual([]);
	});

	it('an unknown email is 702 with the fix', async () => {
		const result = await env.run(sample('qa@example.com', {}, '4999'), { typeVersion: 2 });
		expect(result.error?.message).toBe('No email with ID 4999 (702)');
		expect(result.error?.description).toMatch(/^Pick the email from the list;/);
	});

	it('an answer lost after sending: may have been sent, never sent twice', async () => {
		sim().inject('http502-after', { path: PATH });
		const result = await env.run(sample('qa@example.com'), { typeVersion: 2 });
		expect(result.error?.message).toBe(
			'The sample of email 4002 to qa@example.com got no clear answer, so it may have been sent; it was not sent again',
		);
		expect(result.error?.description).toBe(
			'Sending again could deliver a second sample. Check the inbox of qa@example.com before running the node again.',
		);
		expect(sim().callsTo('POST', PATH)).toHaveLength(1);
	});

	it('Continue On Fail: a bad item gets its error, the others are sent', async () => {
		const result = await env.run(
			{ ...sample('={{ $json.to }}'), options: {} },
			{ typeVersion: 2, continueOnFail: true, items: [{ to: 'a@example.com' }, { to: 'nope' }] },
		);
		expect(outputOf(result)).toEqual([
			{
				json: { id: 4002, sent: true, emailAddress: 'a@example.com' },
				pairedItem: { item: 0 },
			},
			{
				json: expect.objectContaining({
					error: 'The address "nope" in the \'Send To\' field of item 1 is not an e-mail address',
				}),
				pairedItem: { item: 1 },
			},
		]);
		expect(sim().callsTo('POST', PATH)).toHaveLength(1);
	});

	it('as a tool, a bad address names the argument for the model to change', async () => {
		const result = await env.runAsTool(
			{
				...sample("={{ $fromAI('to', 'Address the sample goes to', 'string') }}"),
				options: {},
			},
			{ chatInput: 'Send me a sample', sessionId: 's-1', to: 'me at work', toolCallId: 'c1' },
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe(
			"The address \"me at work\" in the argument 'to' is not an e-mail address. Change the argument 'to' and call this tool again.",
		);
		expect(sim().calls).toEqual([]);
	});
});
