import { fastTransport, useMarketing } from '../../helpers';

const cars = (
	syncAction: string,
	matchingColumns: string[],
	value: Record<string, unknown> | null = null,
) => ({
	resource: 'customObject',
	operation: 'createOrUpdate',
	customObject: 'car_c',
	syncAction,
	columns: {
		mappingMode: value ? 'defineBelow' : 'autoMapInputData',
		value,
		matchingColumns,
		schema: [],
	},
});

describe('Marketing Automation v2: Custom Object → Create or Update', () => {
	const env = useMarketing();
	const sim = () => env.sim.services.marketing;

	it('reads the type’s keys from its describe once, then writes 300 per call to its path', async () => {
		// No call may time out and be replayed on a loaded machine: the statuses are exact.
		jest.restoreAllMocks();
		fastTransport({ timeoutMs: 120_000 });
		const items = Array.from({ length: 301 }, (_v, i) => ({
			vin: `V-${i}`,
			make: 'Kia',
			leadId: 1,
		}));
		const result = await env.run(cars('createOrUpdate', ['vin']), { items, typeVersion: 2 });
		expect(result.error).toBeUndefined();
		expect(sim().calls.map((c) => [c.method, c.path])).toEqual([
			['GET', '/rest/v1/customobjects/car_c/describe.json'],
			['POST', '/rest/v1/customobjects/car_c.json'],
			['POST', '/rest/v1/customobjects/car_c.json'],
		]);
		expect(sim().calls[1].body).toEqual({ action: 'createOrUpdate', input: items.slice(0, 300) });
		expect(result.json()[300]).toEqual({
			status: 'created',
			vin: 'V-300',
			marketoGUID: expect.stringMatching(/^car_c-/),
		});
	});

	it('fields defined in the mapper: an empty one is not sent; marketoGUID with updateOnly is dedupeBy idField', async () => {
		const guid = String(sim().objects.customObjects.get('car_c')!.records[0].marketoGUID);
		const result = await env.run(
			cars('updateOnly', ['marketoGUID'], { marketoGUID: guid, model: 'Yaris', make: '' }),
			{ typeVersion: 2 },
		);
		expect(sim().callsTo('POST', '/rest/v1/customobjects/car_c.json')[0].body).toEqual({
			action: 'updateOnly',
			dedupeBy: 'idField',
			input: [{ marketoGUID: guid, model: 'Yaris' }],
		});
		expect(result.json()).toEqual([{ status: 'updated', marketoGUID: guid }]);
	});

	it('refuses a custom object name that is not an API name before any call', async () => {
		const result = await env.run(
			{ ...cars('createOrUpdate', ['vin']), customObject: 'car c/../x' },
			{ items: [{ vin: 'V' }], typeVersion: 2 },
		);
		expect(result.error?.message).toBe(
			'The custom object "car c/../x" of item 0 is not a custom object\'s API name',
		);
		expect(sim().calls).toEqual([]);
	});

	it('an unknown custom object type fails at its describe, naming the type', async () => {
		const result = await env.run(
			{ ...cars('createOrUpdate', ['vin']), customObject: 'boat_c' },
			{ items: [{ vin: 'V' }], typeVersion: 2 },
		);
		expect(result.error?.message).toBe(
			"The service refused the call (1013): Custom object 'boat_c' not found",
		);
		expect(sim().calls.map((c) => c.path)).toEqual(['/rest/v1/customobjects/boat_c/describe.json']);
	});
});
