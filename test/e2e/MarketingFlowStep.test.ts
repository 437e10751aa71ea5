/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test tooling, never shipped */
/**
 * The flow step in a real, running n8n: the demo workflow (Smart Campaign calls the flow step →
 * enrich each lead → return job title and company size) is published, and the simulated marketing
 * service, strict as the provider interface, installs it from the trigger's URL, invokes it with
 * 100 leads and receives one callback with every lead's result. Calls without the key or with a
 * wrong one get 401 / 403 and start nothing; the same invocation delivered again starts nothing;
 * over the flow step's Invocations per Minute the trigger answers 429 and the service's retry runs.
 */
import demo from '../../examples/marketing-flow-step-demo.json';
import { fetchFresh } from '../../scripts/fetchFresh';
import { validate } from '../contracts/check';
import {
	callbackBody,
	installDocument,
	serviceDefinition,
	serviceStatus,
} from '../contracts/flowStep';
import { DEMO_FLOW_STEP_LEADS, type Lead } from '../simulator/flowStep';
import { demoCredential, ownerSession, startE2e, type E2e } from './runner';

const WAIT_MS = 180_000;
const KEY = 'flow-step-demo-key';
const TRIGGER = 'Smart Campaign Calls';

describe('marketing flow step in a running n8n (e2e)', () => {
	let e2e: E2e;
	const flow = () => e2e.sim.services.flowStep;

	async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
		const deadline = Date.now() + WAIT_MS;
		while (!(await condition())) {
			if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
	}

	beforeAll(async () => {
		e2e = await startE2e({ shared: true });
		await e2e.importCredentials([
			{
				id: 'demoFlowStepCr01',
				name: 'Marketing flow step (simulator)',
				type: 'marketingAutomationFlowStepApi',
				data: { authentication: 'apiKey', apiKey: KEY },
			},
			demoCredential('globalEnrichmentApi', e2e.sim.url),
		]);
		// The demo with one invocation a minute, so that a second one meets a 429.
		const workflow = structuredClone(demo);
		const trigger = workflow.nodes.find((node) => node.name === TRIGGER)!;
		(trigger.parameters as { options: object }).options = { invocationsPerMinute: 1 };
		await e2e.importWorkflow(workflow);
		await e2e.publish(demo.id);
	}, 600_000);

	afterAll(async () => {
		await e2e?.stop();
	});

	it('installs from the URL, runs 100 leads into one callback, refuses wrong keys, retries a 429 and runs a duplicate once', async () => {
		await e2e.startServer();
		const webhookId = (demo.nodes.find((n) => n.name === TRIGGER) as { webhookId?: string })
			.webhookId;
		const base = `${e2e.serverUrl}/webhook/${webhookId}`;
		// n8n activates published workflows in the background once its editor is up.
		await until('the flow step served', async () => {
			const answer = await fetchFresh(`${base}/openapi.json`);
			await answer.arrayBuffer();
			return answer.status === 200;
		});

		// Install: the document, the definition, the status, as the admin page reads them.
		const installed = await flow().install(`${base}/openapi.json`, { apiKey: KEY });
		expect(validate(installDocument, installed.document, 'document')).toEqual([]);
		expect(validate(serviceDefinition, installed.definition, 'definition')).toEqual([]);
		expect(validate(serviceStatus, installed.status, 'status')).toEqual([]);
		expect((installed.document.info as Record<string, unknown>)['x-schemaVersion']).toBe('1.0.0');
		expect(installed.status).toEqual({
			info: ['Enrich Lead is served by an n8n workflow'],
			warnings: [],
			errors: [],
		});

		// Wrong or missing keys: refused, nothing started.
		const leads: Lead[] = Array.from({ length: 100 }, (_, n) =>
			n < DEMO_FLOW_STEP_LEADS.length
				? { ...DEMO_FLOW_STEP_LEADS[n] }
				: { id: 6000 + n, email: `lead${n}@unknown.example.org` },
		);
		const wrong = await flow().invoke(base, { leads, auth: { apiKey: 'guess' }, retries: 0 });
		const none = await flow().invoke(base, { leads, retries: 0 });
		expect([wrong.statuses, none.statuses]).toEqual([[403], [401]]);

		// 100 leads: 201, one callback with every lead's result.
		const started = Date.now();
		const first = await flow().invoke(base, {
			leads,
			auth: { apiKey: KEY },
			flowInputs: { depth: 'quick' },
		});
		expect(first.statuses).toEqual([201]);
		await until('the callback', () => first.callbacks.length === 1);
		const seconds = (Date.now() - started) / 1000;
		process.stdout.write(`[e2e] 100 leads: callback after ${seconds.toFixed(1)} s\n`);
		const body = first.callbacks[0].body as {
			munchkinId: string;
			objectData: Array<{
				leadData: Record<string, unknown>;
				activityData: Record<string, unknown>;
			}>;
		};
		expect(validate(callbackBody, body, 'callback')).toEqual([]);
		expect(first.callbacks[0].headers['x-api-key']).toBe(first.key);
		expect(first.callbacks[0].headers['x-callback-token']).toBe(first.token);
		expect(first.callbacks[0].headers.authorization).toBeUndefined();
		expect(body.munchkinId).toBe('123-ABC-456');
		expect(body.objectData.map((o) => o.leadData.id)).toEqual(leads.map((l) => l.id));
		expect(body.objectData.slice(0, 3).map((o) => [o.leadData.jobTitle, o.activityData])).toEqual([
			['VP Marketing', { enrichedBy: 'global enrichment', success: true }],
			['Head of Sales', { enrichedBy: 'global enrichment', success: true }],
			['Marketing Manager', { enrichedBy: 'global enrichment', success: true }],
		]);
		expect(
			body.objectData.slice(0, 3).every((o) => typeof o.leadData.companySize === 'number'),
		).toBe(true);
		expect(body.objectData[3].activityData).toEqual({
			enrichedBy: 'global enrichment',
			success: false,
			reason: "No contact found for the lead's e-mail",
			errorCode: 'NOT_FOUND',
		});
		expect(body.objectData.filter((o) => o.activityData.success === false)).toHaveLength(97);

		// The same invocation delivered again: acknowledged, not run.
		const again = await flow().invoke(base, {
			leads,
			auth: { apiKey: KEY },
			replayOf: first.token,
		});
		expect(again.statuses).toEqual([201, 201]);

		// A second invocation within the minute: 429, retried by the service until it runs.
		const second = await flow().invoke(base, {
			leads: leads.slice(0, 2),
			auth: { apiKey: KEY },
			retries: 4,
			retryDelayMs: 20_000,
		});
		expect(second.statuses[0]).toBe(429);
		expect(second.statuses.at(-1)).toBe(201);
		await until('the second callback', () => second.callbacks.length === 1);

		// Exactly two executions (the 100 leads, the retried one), none for the refused calls or
		// the duplicate, after giving a wrong run the time to show.
		const headers = await ownerSession(e2e.serverUrl);
		const executions = async () => {
			const answer = await fetchFresh(
				`${e2e.serverUrl}/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: demo.id }))}`,
				{ headers },
			);
			const { data } = (await answer.json()) as { data: { results: Array<{ status: string }> } };
			return data.results;
		};
		await until('both executions saved', async () => (await executions()).length >= 2);
		await new Promise((resolve) => setTimeout(resolve, 5000));
		expect((await executions()).map((run) => run.status)).toEqual(['success', 'success']);
		expect([wrong, none].map((i) => i.callbacks.length)).toEqual([0, 0]);
		expect(first.callbacks).toHaveLength(1);
		expect(flow().refused).toEqual([]);
		process.stdout.write(`[e2e] 429 then retried: statuses ${second.statuses.join(', ')}\n`);
	}, 600_000);
});
