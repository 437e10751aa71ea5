/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a local test server, never shipped */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

import { validate } from '../../../../contracts/check';
import { callbackBody } from '../../../../contracts/flowStep';
import type { Invocation } from '../../../../simulator/flowStep';
import { outputOf, useMarketing } from '../../helpers';

/**
 * Flow Step → Return Results against the simulated marketing service's callback (as strict as the
 * provider interface): one callback per invocation with only its key and token, every value checked
 * before anything is sent, and a callback never sent twice.
 */

const RETURN: IDataObject = {
	resource: 'flowStep',
	operation: 'returnResults',
	callback: '={{ $json.callback }}',
	leadId: '={{ $json.leadId }}',
	success: true,
	leadFields: {
		value: [
			{ name: 'jobTitle', dataType: 'string', value: '={{ $json.title }}' },
			{ name: 'companySize', dataType: 'integer', value: '={{ $json.size }}' },
		],
	},
	activityAttributes: { value: [{ name: 'source', dataType: 'string', value: 'enrichment' }] },
	options: {},
};

describe('Marketing Automation v2: Flow Step → Return Results', () => {
	const env = useMarketing();
	const flow = () => env.sim.services.flowStep;
	const item = (invocation: Invocation, leadId: number, extra: IDataObject = {}) => ({
		leadId,
		callback: flow().callbackOf(invocation),
		title: `Title ${leadId}`,
		size: leadId * 10,
		...extra,
	});
	const run = async (parameters: IDataObject, items: IDataObject[], continueOnFail = false) =>
		await env.run(parameters, { items, typeVersion: 2.1, continueOnFail });

	it('sends one callback per invocation, with only its key and token, and one item per lead', async () => {
		const a = flow().open([11, 12]);
		const b = flow().open([21]);
		const result = await run(RETURN, [item(a, 11), item(b, 21), item(a, 12)]);
		expect(result.error).toBeUndefined();
		expect(a.callbacks).toHaveLength(1);
		expect(b.callbacks).toHaveLength(1);
		const lead = (id: number) => ({
			leadData: { jobTitle: `Title ${id}`, companySize: id * 10, id },
			activityData: { source: 'enrichment', success: true },
		});
		expect(a.callbacks[0].body).toEqual({
			munchkinId: '123-ABC-456',
			objectData: [lead(11), lead(12)],
		});
		expect(b.callbacks[0].body).toEqual({ munchkinId: '123-ABC-456', objectData: [lead(21)] });
		expect(validate(callbackBody, a.callbacks[0].body, 'body')).toEqual([]);
		const headers = a.callbacks[0].headers;
		expect([headers['x-api-key'], headers['x-callback-token']]).toEqual([a.key, a.token]);
		expect(headers.authorization).toBeUndefined();
		// The marketing credential is never used: no token request, no API call.
		expect(env.sim.services.marketing.calls).toEqual([]);
		expect(outputOf(result)).toEqual([
			{
				json: {
					leadId: 11,
					success: true,
					returned: true,
					callbackStatus: 200,
					leadsInCallback: 2,
				},
				pairedItem: { item: 0 },
			},
			{
				json: {
					leadId: 21,
					success: true,
					returned: true,
					callbackStatus: 200,
					leadsInCallback: 1,
				},
				pairedItem: { item: 1 },
			},
			{
				json: {
					leadId: 12,
					success: true,
					returned: true,
					callbackStatus: 200,
					leadsInCallback: 2,
				},
				pairedItem: { item: 2 },
			},
		]);
	});

	it('returns a failed lead with its reason and error code, and defaults for the invocation', async () => {
		const a = flow().open([11, 12]);
		const failed = {
			...RETURN,
			success: '={{ $json.found }}',
			reason: 'No company found for the domain',
			errorCode: 'NOT_FOUND',
			leadFields: { value: [] },
			activityAttributes: { value: [] },
			options: {
				leadDefaults: { value: [{ name: 'jobTitle', dataType: 'string', value: 'Unknown' }] },
				activityDefaults: { value: [{ name: 'source', dataType: 'string', value: 'enrichment' }] },
			},
		};
		await run(failed, [item(a, 11, { found: true }), item(a, 12, { found: false })]);
		expect(a.callbacks[0].body).toEqual({
			munchkinId: '123-ABC-456',
			defaultValues: {
				leadDefaults: { jobTitle: 'Unknown' },
				activityDefaults: { source: 'enrichment' },
			},
			objectData: [
				{ leadData: { id: 11 }, activityData: { success: true } },
				{
					leadData: { id: 12 },
					activityData: {
						success: false,
						reason: 'No company found for the domain',
						errorCode: 'NOT_FOUND',
					},
				},
			],
		});
	});

	it('fails the whole invocation with a chunk-level error', async () => {
		const a = flow().open([11, 12]);
		const result = await run(
			{
				...RETURN,
				options: {
					chunkErrorCode: 'ENRICHMENT_DOWN',
					chunkErrorMessage: 'The enrichment service is down',
				},
			},
			[item(a, 11), item(a, 12)],
		);
		expect(a.callbacks[0].body).toEqual({
			munchkinId: '123-ABC-456',
			errorCode: 'ENRICHMENT_DOWN',
			errorMessage: 'The enrichment service is down',
		});
		expect(result.json()[0]).toEqual({
			leadId: 11,
			success: false,
			returned: true,
			callbackStatus: 200,
			leadsInCallback: 2,
			chunkError: 'ENRICHMENT_DOWN',
		});
	});

	it('refuses a value over its size before anything is sent', async () => {
		const a = flow().open([11, 12]);
		const result = await run(RETURN, [item(a, 11), item(a, 12, { title: 'é'.repeat(128) })]);
		expect(result.error?.message).toBe(
			'The value of "jobTitle" is 256 bytes, more than the 255 a string holds (use the Text type for up to 2000) (item 1)',
		);
		expect(a.callbacks).toEqual([]);
	});

	it.each([
		['an integer', 'integer', '12.5', 'is not a whole number'],
		['a date', 'date', '01/12/2026', 'is not a date as YYYY-MM-DD'],
		[
			'a score',
			'score',
			'plus five',
			'is not a score (a whole number, or a change such as +5 or -5)',
		],
		['an e-mail', 'email', 'nobody', 'is not an e-mail address'],
	])('refuses a value that is not %s', async (_what, dataType, value, problem) => {
		const a = flow().open([11]);
		const result = await run(
			{ ...RETURN, leadFields: { value: [{ name: 'field', dataType, value }] } },
			[item(a, 11)],
		);
		expect(result.error?.message).toBe(`The value of "field" ${problem} (item 0)`);
		expect(a.callbacks).toEqual([]);
	});

	it('under Continue On Fail, sends the other leads and gives the refused one its error', async () => {
		const a = flow().open([11, 12]);
		const result = await run(RETURN, [item(a, 11, { size: 'many' }), item(a, 12)], true);
		expect((a.callbacks[0].body as IDataObject).objectData).toHaveLength(1);
		expect(result.json()[0].error).toBe(
			'The value of "companySize" is not a whole number (item 0)',
		);
		expect(result.json()[1]).toMatchObject({ leadId: 12, returned: true });
	});

	it('names an item without its callback', async () => {
		const result = await run(RETURN, [{ leadId: 11 }]);
		expect(result.error?.message).toBe(
			'Item 0 has no flow step callback (missing url, apiKey, token, munchkinId)',
		);
	});

	it('says so when the service refuses a token that was used already', async () => {
		const a = flow().open([11]);
		await run(RETURN, [item(a, 11)]);
		const again = await run(RETURN, [item(a, 11)]);
		expect(again.error?.message).toBe(
			'The marketing service refused the results (HTTP 404): the callback token was already used or has expired, or the key does not match',
		);
		expect(a.callbacks).toHaveLength(1);
	});

	it('reports a lost answer as "may have recorded", and does not send again', async () => {
		let requests = 0;
		const server = http.createServer((req) => {
			requests++;
			req.socket.destroy();
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const port = (server.address() as AddressInfo).port;
		try {
			const callback = {
				url: `http://127.0.0.1:${port}/cb`,
				apiKey: 'k',
				token: 't',
				munchkinId: 'm',
			};
			const result = await run(RETURN, [{ leadId: 11, callback, title: 'CTO', size: 5 }]);
			expect(result.error?.message).toBe(
				'The callback to 127.0.0.1:' +
					port +
					' got no answer: the marketing service may have recorded the results',
			);
			expect((result.error as { description?: string }).description).toContain(
				"(ECONNRESET) The one-time callback token cannot be used twice, so the node did not send it again. Check the flow step's activity of lead 11",
			);
			expect(requests).toBe(1);
		} finally {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	});
});
