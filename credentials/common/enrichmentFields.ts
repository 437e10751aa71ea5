import type { INodeProperties } from 'n8n-workflow';

/**
 * The fields both enrichment credentials share: which API the node speaks, the service's own
 * address (pre-filled), and the Base URL of a gateway that speaks the connection contract.
 */
export function apiChoiceProperties(
	serviceUrl: string,
	contractExample: string,
): INodeProperties[] {
	const api = (defaultApi: 'service' | 'contract'): INodeProperties => ({
		displayName: 'API',
		name: 'api',
		type: 'options',
		options: [
			{
				name: 'Service API',
				value: 'service',
				description: "The service's own API at its real address (for a key from the service)",
			},
			{
				name: 'Connection Contract (Specification)',
				value: 'contract',
				description:
					"The specification's paths and bodies, for the agent platform's connection or a gateway that speaks it",
			},
		],
		default: defaultApi,
		description: 'Which API the node speaks',
	});
	const hasBaseUrl = { baseUrl: [{ _cnd: { exists: true as const } }] };
	return [
		// Two entries of the one field `api`, told apart by whether Base URL holds a value. A
		// credential saved before the API choice existed holds only Base URL and the key: for it
		// the entry shown is the first, whose default is the connection contract, so the editor
		// shows "Connection Contract" and keeps Base URL displayed (n8n drops stored values of
		// fields it does not display). A new credential has no Base URL: the second entry, whose
		// default is the Service API, and Base URL stays hidden until the contract is chosen.
		{ ...api('contract'), displayOptions: { show: hasBaseUrl } },
		{ ...api('service'), displayOptions: { hide: hasBaseUrl } },
		{
			displayName: 'Service URL',
			name: 'serviceUrl',
			type: 'string',
			default: serviceUrl,
			placeholder: `e.g. ${serviceUrl}`,
			description: "Address of the service's own API; change it only to go through a proxy",
			displayOptions: { show: { api: ['service'] } },
		},
		{
			displayName: 'Base URL (Connection Contract)',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://gateway.example.com',
			description: `Address of a gateway that speaks the connection contract (${contractExample}, ...)`,
			displayOptions: { show: { api: ['contract'] } },
		},
	];
}

/** Both enrichment services' documented limit: 50 requests per second (per key, per endpoint). */
export const SERVICE_REQUESTS_PER_SECOND = 50;

/** ANZ lookups per second (the service allows 50 per second per key; the default leaves room). */
export const DEFAULT_REQUESTS_PER_SECOND = 20;

export const requestsPerSecondProperty: INodeProperties = {
	displayName: 'Lookups per Second',
	name: 'requestsPerSecond',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 50 },
	default: DEFAULT_REQUESTS_PER_SECOND,
	description:
		'Lookups per second for this key in each n8n process, shared by every execution of the process that uses the key. The service allows 50 per second per API key: use 50 when only this n8n uses the key; in queue mode divide by the processes that execute (the workers, plus main when it runs manual executions), e.g. 16 for main and 2 workers. The default 20 leaves room for another user of the key. A 429 halves the pace, which then recovers.',
};

/** Global bulk calls in flight at once (the node's fixed number before this setting existed). */
export const DEFAULT_CALLS_IN_FLIGHT = 3;

export const callsInFlightProperty: INodeProperties = {
	displayName: 'Bulk Calls in Flight',
	name: 'callsInFlight',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: SERVICE_REQUESTS_PER_SECOND },
	default: DEFAULT_CALLS_IN_FLIGHT,
	description:
		"Bulk lookups (up to 100 records each) the node keeps under way at once, never more than the service's documented 50 started in any one second. Fewer start when the service's rate headers (requests left this second or minute) say so; a used-up window is waited out.",
};

/**
 * How long a node waits for a used-up rate window (the service's 429 with its remaining-requests
 * headers at 0) before it stops instead. A credential saved before this field reads the default.
 */
export const rateWaitProperty: INodeProperties = {
	displayName: 'Longest Rate-Window Wait (Seconds)',
	name: 'maxRateWaitSeconds',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 3600 },
	default: 300,
	description:
		"When the service's per-second, per-minute or hourly request window is used up, the node waits for it to reset if that takes at most this long, and otherwise stops naming the reset time. A used-up daily window always stops the node.",
};
