import { startServices, type Simulator } from './index';

/**
 * The simulated marketing service's callback, strict as the provider interface: the invocation's
 * key and token, once, and a body the interface defines.
 */
describe('simulator: flow step callback', () => {
	let sim: Simulator;
	beforeAll(async () => {
		sim = await startServices();
	});
	afterAll(async () => await sim.close());

	const send = async (url: string, headers: Record<string, string>, body: unknown) =>
		(
			await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...headers },
				body: JSON.stringify(body),
			})
		).status;

	it('takes one callback per token, with its key, and refuses the rest', async () => {
		const flow = sim.services.flowStep;
		const invocation = flow.open([7]);
		const { url, apiKey, token } = flow.callbackOf(invocation);
		const good = { munchkinId: '123-ABC-456', objectData: [{ leadData: { id: 7 } }] };
		expect(await send(url, { 'x-api-key': 'wrong', 'x-callback-token': token }, good)).toBe(404);
		expect(
			await send(url, { 'x-api-key': apiKey, 'x-callback-token': token }, { objectData: [] }),
		).toBe(405);
		expect(await send(url, { 'x-api-key': apiKey, 'x-callback-token': token }, good)).toBe(200);
		expect(await send(url, { 'x-api-key': apiKey, 'x-callback-token': token }, good)).toBe(404);
		expect(invocation.callbacks.map((c) => c.body)).toEqual([good]);
		expect(flow.refused.map((r) => [r.status, r.why])).toEqual([
			[404, 'wrong x-api-key'],
			[405, 'body.munchkinId is required and missing'],
			[404, 'the token was used already'],
		]);
	});
});
