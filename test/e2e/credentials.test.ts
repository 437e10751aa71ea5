/**
 * What the editor gets from a real, running n8n (`n8n start`) with the package installed:
 * - the node types it loads (`GET /types/nodes.json`): n8n adds its "Custom API Call" option to
 *   every node whose credential has `authenticate`; none of ours may have it (each offers its own
 *   API Call, which keeps the endpoint guard, limits and token renewal);
 * - the credential test the editor runs (`POST /rest/credentials/test`, an unsaved credential):
 *   every failure says what is wrong and which field to change, for a wrong key, a wrong path
 *   (404), an invalid URL, a host that does not resolve, a closed port and an empty Base URL.
 */
import { fetchFresh } from '../../scripts/fetchFresh';
import { DEMO_CLIENT } from '../simulator/marketing';
import { freePort, ownerSession, startE2e, type E2e } from './runner';
import {
	ADMIN_BASE_URL_REQUIRED,
	ADMIN_EXAMPLE_URL,
	ADMIN_KEY_REFUSED,
	adminNoApiAt,
	connectionRefused,
	CONTRACT_BASE_URL_REQUIRED,
	contractNoApiAt,
	enrichmentNoServiceApiAt,
	hostNotResolved,
	MARKETING_CLIENT_REFUSED,
} from '../credentials/messages';

const PKG = 'n8n-nodes-agent-platform';
const CUSTOM_API_CALL = { name: 'Custom API Call', value: '__CUSTOM_API_CALL__' };

interface NodeType {
	name: string;
	properties: Array<{ name: string; options?: unknown[] }>;
}

/** Every option anywhere in a node's properties (options, collections, fixed collections). */
function allOptions(value: unknown): Array<{ name?: unknown; value?: unknown }> {
	if (Array.isArray(value)) return value.flatMap(allOptions);
	if (value === null || typeof value !== 'object') return [];
	const record = value as Record<string, unknown>;
	const own = Array.isArray(record.options)
		? (record.options as Array<{ name?: unknown; value?: unknown }>)
		: [];
	return [...own, ...Object.values(record).flatMap(allOptions)];
}

describe('the editor’s view of the package in a running n8n (e2e)', () => {
	let e2e: E2e;
	let cookie = '';
	let closed = '';
	const headers = () => ({ 'content-type': 'application/json', 'browser-id': 'e2e', cookie });

	beforeAll(async () => {
		e2e = await startE2e({ editor: true });
		closed = `http://127.0.0.1:${await freePort()}`;
		await e2e.startServer();
		cookie = (await ownerSession(e2e.serverUrl)).cookie;
	});

	afterAll(async () => {
		await e2e?.stop();
	});

	it('serves our nodes without n8n’s Custom API Call, and with our own API Call', async () => {
		const answer = await fetchFresh(`${e2e.serverUrl}/types/nodes.json`, { headers: headers() });
		expect(answer.status).toBe(200);
		const ours = ((await answer.json()) as NodeType[]).filter((node) =>
			node.name.startsWith(`${PKG}.`),
		);
		// The seven nodes and the tool variants n8n makes of the four usable as tools.
		expect(ours.map((node) => node.name.slice(PKG.length + 1)).sort()).toEqual([
			'agentPlatformAdmin',
			'agentPlatformAdminTool',
			'anzSalesIntelligence',
			'anzSalesIntelligenceTool',
			'globalEnrichment',
			'globalEnrichmentTool',
			'globalEnrichmentTrigger',
			'marketingAutomation',
			'marketingAutomationFlowStepTrigger',
			'marketingAutomationTool',
			'marketingAutomationTrigger',
		]);
		const custom = ours.flatMap((node) =>
			allOptions(node.properties)
				.filter(
					(option) =>
						option.name === CUSTOM_API_CALL.name || option.value === CUSTOM_API_CALL.value,
				)
				.map(() => node.name),
		);
		expect(custom).toEqual([]);
		for (const name of ['marketingAutomation', 'anzSalesIntelligence', 'globalEnrichment']) {
			const node = ours.find((type) => type.name === `${PKG}.${name}`)!;
			const resource = node.properties.find((property) => property.name === 'resource')!;
			expect(resource.options).toContainEqual(
				expect.objectContaining({ name: 'API Call', value: 'apiCall' }),
			);
		}
	});

	async function credentialTest(type: string, data: Record<string, unknown>) {
		const answer = await fetchFresh(`${e2e.serverUrl}/rest/credentials/test`, {
			method: 'POST',
			headers: headers(),
			body: JSON.stringify({ credentials: { id: '', name: 'E2e', type, data } }),
		});
		expect(answer.status).toBe(200);
		return ((await answer.json()) as { data: { status: string; message: string } }).data;
	}

	const ADDRESS_FIX = {
		admin: ADMIN_EXAMPLE_URL,
		marketing: 'https://123-ABC-456.example.com/rest',
	};
	const refused = (field: string, example: string) =>
		connectionRefused(closed.slice(7), field, example);

	it('tests the admin credential: each failure names what to change', async () => {
		const test = async (values: Record<string, unknown>) =>
			await credentialTest('agentPlatformApi', {
				region: 'custom',
				baseUrl: e2e.sim.url,
				projectId: 'proj-demo',
				apiKey: 'sk-demo-admin',
				...values,
			});
		expect(await test({})).toEqual({
			status: 'OK',
			message: 'Connection successful: the service accepted the API key for this project.',
		});
		const messages = {
			wrongKey: (await test({ apiKey: 'sk-wrong' })).message,
			wrongPath: (await test({ baseUrl: `${e2e.sim.url}/app` })).message,
			invalid: (await test({ baseUrl: 'http://exa mple' })).message,
			dns: (await test({ baseUrl: 'https://api.nowhere.invalid' })).message,
			closed: (await test({ baseUrl: closed })).message,
			empty: (await test({ baseUrl: '' })).message,
		};
		expect(messages).toEqual({
			wrongKey: ADMIN_KEY_REFUSED,
			wrongPath: adminNoApiAt(`${e2e.sim.url}/app`),
			invalid:
				'Base URL "http://exa mple" is not a valid http(s) address: enter it like https://api-xxxxxx.stack.example.com.',
			dns: hostNotResolved('api.nowhere.invalid', 'Base URL', ADDRESS_FIX.admin),
			closed: refused('Base URL', ADDRESS_FIX.admin),
			empty: ADMIN_BASE_URL_REQUIRED,
		});
	});

	it('tests the marketing credential: token, then one read; each failure names what to change', async () => {
		const test = async (values: Record<string, unknown>) =>
			await credentialTest('marketingAutomationApi', {
				restEndpoint: `${e2e.sim.url}/rest`,
				clientId: DEMO_CLIENT.clientId,
				clientSecret: DEMO_CLIENT.clientSecret,
				...values,
			});
		expect(await test({})).toEqual({
			status: 'OK',
			message:
				'Connection successful: the identity endpoint issued a token and the API user can read leads.',
		});
		const fix = `REST Endpoint URL must be the "REST API" endpoint of the admin page "Web Services", e.g. ${ADDRESS_FIX.marketing}.`;
		const messages = {
			wrongSecret: (await test({ clientSecret: 'not-the-secret' })).message,
			wrongPath: (await test({ restEndpoint: `${e2e.sim.url}/other/rest` })).message,
			invalid: (await test({ restEndpoint: 'not a url' })).message,
			dns: (await test({ restEndpoint: 'https://123-abc.nowhere.invalid/rest' })).message,
			closed: (await test({ restEndpoint: `${closed}/rest` })).message,
		};
		expect(messages).toEqual({
			wrongSecret: MARKETING_CLIENT_REFUSED,
			wrongPath: `No API answers at ${e2e.sim.url}/other/identity/oauth/token (HTTP 404). ${fix}`,
			invalid: `The REST endpoint must be an http(s) URL such as https://123-ABC-456.example.com/rest. ${fix}`,
			dns: hostNotResolved('123-abc.nowhere.invalid', 'REST Endpoint URL', ADDRESS_FIX.marketing),
			closed: refused('REST Endpoint URL', ADDRESS_FIX.marketing),
		});
	});

	it.each([
		[
			'anz',
			'anzSalesIntelligenceApi',
			'anz-demo-key',
			'https://api.firmable.com',
			"the service's dashboard (profile, integrations, API)",
			'/people/search',
		],
		[
			'global',
			'globalEnrichmentApi',
			'global-demo-key',
			'https://api.lusha.com',
			"the service's API settings page",
			'/account/usage',
		],
	])(
		'tests the %s credential on both APIs: each failure names what to change',
		async (prefix, type, apiKey, serviceUrl, keySource, servicePath) => {
			const test = async (values: Record<string, unknown>) =>
				await credentialTest(type, {
					api: 'service',
					serviceUrl: `${e2e.sim.url}/${prefix}`,
					baseUrl: '',
					apiKey,
					...values,
				});
			const ok = {
				status: 'OK',
				message: 'Connection successful: the service accepted the API key.',
			};
			expect(await test({})).toEqual(ok);
			expect(await test({ api: 'contract', baseUrl: `${e2e.sim.url}/${prefix}` })).toEqual(ok);
			const messages = {
				wrongKey: (await test({ apiKey: 'wrong-key' })).message,
				wrongPath: (await test({ serviceUrl: `${e2e.sim.url}/nope` })).message,
				contractWrongPath: (await test({ api: 'contract', baseUrl: `${e2e.sim.url}/nope` }))
					.message,
				contractEmpty: (await test({ api: 'contract', baseUrl: '' })).message,
				invalid: (await test({ serviceUrl: 'not a url' })).message,
				dns: (await test({ serviceUrl: 'https://api.nowhere.invalid' })).message,
				closed: (await test({ serviceUrl: closed })).message,
			};
			expect(messages).toEqual({
				wrongKey: `The service refused the API key (HTTP 401). Check the API Key: copy it again from ${keySource}, without spaces.`,
				wrongPath: enrichmentNoServiceApiAt(`${e2e.sim.url}/nope${servicePath}`, serviceUrl),
				contractWrongPath: contractNoApiAt(`${e2e.sim.url}/nope`),
				contractEmpty: CONTRACT_BASE_URL_REQUIRED,
				invalid: `Service URL "not a url" is not a valid http(s) address: enter it like ${serviceUrl}.`,
				dns: hostNotResolved('api.nowhere.invalid', 'Service URL', serviceUrl),
				closed: refused('Service URL', serviceUrl),
			});
		},
	);
});
