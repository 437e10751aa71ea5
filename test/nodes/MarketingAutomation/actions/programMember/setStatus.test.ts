import { fastTransport, outputOf, useMarketing } from '../../helpers';

const setStatus = (statusName: string, leadIds: string) => ({
	resource: 'programMember',
	operation: 'setStatus',
	program: { mode: 'id', value: '3003' },
	statusName,
	leadIds,
});

describe('Marketing Automation v2: Program Member → Set Status', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('combines the items’ leads into calls of 300; created, updated and 1037 skips per lead', async () => {
		// No call may time out and be replayed on a loaded machine: the statuses are exact.
		jest.restoreAllMocks();
		fastTransport({ timeoutMs: 120_000 });
		for (let i = 0; i < 400; i++) sim().addLead({ email: `pm${i}@example.com` });
		const many = Array.from({ length: 400 }, (_v, i) => 61 + i).join(',');
		const result = await env.run(setStatus('Attended', '={{ $json.ids }}'), {
			items: [{ ids: '3, 1' }, { ids: many }],
			typeVersion: 2,
		});
		expect(result.error).toBeUndefined();
		const calls = sim().callsTo('POST', '/rest/v1/programs/3003/members/status.json');
		expect(calls.map((c) => (c.body as { input: unknown[] }).input.length)).toEqual([300, 102]);
		expect(calls[0].body).toEqual({
			statusName: 'Attended',
			input: [3, 1, ...Array.from({ length: 298 }, (_v, i) => 61 + i)].map((leadId) => ({
				leadId,
			})),
		});
		const [first, second] = outputOf(result);
		expect(first).toEqual({
			json: {
				programId: 3003,
				statusName: 'Attended',
				leads: [
					{ id: 3, status: 'updated' },
					{
						id: 1,
						status: 'skipped',
						reasons: [{ code: '1037', message: 'Lead already in or past this status' }],
					},
				],
				updated: 1,
				skipped: 1,
			},
			pairedItem: { item: 0 },
		});
		expect(second.json.created).toBe(400);
	});

	it('a status the channel does not have fails the call (1025), said with the program', async () => {
		const result = await env.run(setStatus('Opened', '5'), { typeVersion: 2 });
		expect(result.error?.message).toBe(
			"The service refused the call (1025): Program status 'Opened' not found",
		);
	});

	it('an empty status is refused before any call', async () => {
		const result = await env.run(setStatus(' ', '5'), { typeVersion: 2 });
		expect(result.error?.message).toBe('The status "" of item 0 is not a program status name');
		expect(sim().calls).toEqual([]);
	});
});
