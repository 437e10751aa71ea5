/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test tooling, never shipped */
/**
 * The Global Enrichment Trigger in a real, running n8n: the demo workflow (champion changed job →
 * enrich the new company → upsert the lead) is published and `n8n start` activates it, which
 * subscribes its two contacts at the simulator (the URL check answered by n8n's production
 * webhook). A signal fired in the simulator runs the workflow exactly once; the same delivery sent
 * again (as the service's retry) is acknowledged and runs nothing; a forged one gets 401 and runs
 * nothing; deactivating deletes the subscriptions.
 */
import { createHmac } from 'node:crypto';

import triggerDemo from '../../examples/global-trigger-demo.json';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../simulator/globalWebhooks';
import { DEMO_CLIENT } from '../simulator/marketing';
import { ownerSession, startE2e, type E2e } from './runner';

const WAIT_MS = 120_000;

describe('global enrichment trigger in a running n8n (e2e)', () => {
	let e2e: E2e;
	const hooks = () => e2e.sim.services.globalWebhooks;
	const upserts = () => e2e.sim.services.marketing.callsTo('POST', '/rest/v1/leads.json');

	/** Waits (bounded) until `condition` holds, checking every half second. */
	async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
		const deadline = Date.now() + WAIT_MS;
		while (!(await condition())) {
			if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
	}

	beforeAll(async () => {
		// The webhook URL n8n gives the service must be the address it listens on.
		e2e = await startE2e({ env: { N8N_HOST: '127.0.0.1' } });
		await e2e.importCredentials([
			{
				id: 'demoGlobalCred01',
				name: 'Global enrichment (simulator)',
				type: 'globalEnrichmentApi',
				data: {
					api: 'service',
					serviceUrl: `${e2e.sim.url}/global`,
					baseUrl: '',
					apiKey: 'global-demo-key',
				},
			},
			{
				id: 'demoMarketingCred01',
				name: 'Marketing automation (simulator)',
				type: 'marketingAutomationApi',
				data: {
					restEndpoint: `${e2e.sim.url}/rest/`,
					clientId: DEMO_CLIENT.clientId,
					clientSecret: DEMO_CLIENT.clientSecret,
				},
			},
		]);
		await e2e.importWorkflow(triggerDemo);
		const published = await e2e.n8n(['publish:workflow', `--id=${triggerDemo.id}`]);
		expect(published.exitCode).toBe(0);
	}, 600_000);

	afterAll(async () => {
		await e2e?.stop();
	});

	it('subscribes on activation, runs once per signal, never on a replay or a forged delivery, and unsubscribes', async () => {
		await e2e.startServer();
		const webhookId = triggerDemo.nodes.find((n) => n.name === 'Champion Changed Job')!.webhookId;
		const url = `${e2e.serverUrl}/webhook/${webhookId}/webhook`;
		// n8n activates published workflows in the background once its editor is up.
		await until('the subscriptions', () => hooks().subscriptions.size >= 2);
		// Activation: a secret created (none existed), both e-mails looked up, one create call.
		expect([...hooks().subscriptions.values()].map((s) => [s.entityId, s.url, s.isActive])).toEqual(
			[
				['p-2001', url, true],
				['p-2002', url, true],
			],
		);
		expect(hooks().secret).toBeDefined();

		const [delivery] = await hooks().fire('p-2001', 'companyChange', {
			newCompanyDomain: 'contoso.example.de',
		});
		expect(delivery).toMatchObject({
			status: 201,
			attempt: 1,
			answer: { received: true, webhookId: delivery.webhookId },
		});
		await until('the lead upsert', () => upserts().length >= 1);
		expect(upserts()[0].body).toMatchObject({
			action: 'createOrUpdate',
			lookupField: 'email',
			input: [
				expect.objectContaining({
					email: 'ana.silva@northwind.example.com',
					company: 'Contoso GmbH',
					country: 'Germany',
				}),
			],
		});

		// The service's retry of the same delivery: acknowledged, not run again.
		const replay = await hooks().resend(delivery.webhookId);
		expect(replay).toMatchObject({
			status: 200,
			answer: { received: true, webhookId: delivery.webhookId, duplicate: true },
		});

		// Forged: the right shape and a fresh timestamp, but not the account's secret.
		const body = JSON.stringify({
			webhookId: 'forged-1',
			subscriptionId: 'sub-x',
			entityType: 'contact',
			entityId: 'p-2001',
			signalType: 'companyChange',
			data: { newCompanyDomain: 'contoso.example.de' },
		});
		const timestamp = String(Math.floor(Date.now() / 1000));
		const forged = await fetch(url, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				[TIMESTAMP_HEADER]: timestamp,
				[SIGNATURE_HEADER]: createHmac('sha256', 'not-the-secret')
					.update(`${timestamp}.${body}`)
					.digest('hex'),
			},
			body,
		});
		expect(forged.status).toBe(401);

		// Exactly one execution, after giving a wrong second run the time to show.
		const headers = await ownerSession(e2e.serverUrl);
		const executions = async () => {
			const answer = await fetch(
				`${e2e.serverUrl}/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: triggerDemo.id }))}`,
				{ headers },
			);
			const { data } = (await answer.json()) as { data: { results: Array<{ status: string }> } };
			return data.results;
		};
		await until('the execution saved', async () => (await executions()).length >= 1);
		await new Promise((resolve) => setTimeout(resolve, 5000));
		expect((await executions()).map((run) => run.status)).toEqual(['success']);
		expect(upserts()).toHaveLength(1);

		// Deactivation deletes the trigger's subscriptions.
		const deactivated = await fetch(
			`${e2e.serverUrl}/rest/workflows/${triggerDemo.id}/deactivate`,
			{ method: 'POST', headers, body: '{}' },
		);
		expect(deactivated.status).toBe(200);
		// n8n deactivates in the background too.
		await until('the subscriptions deleted', () => hooks().subscriptions.size === 0);
	}, 480_000);
});
