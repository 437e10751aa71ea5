/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test tooling, never shipped */
/**
 * The Global Enrichment Trigger in a real, running n8n: the demo workflow (champion changed job →
 * enrich the new company → upsert the lead) is published and `n8n start` activates it, which
 * subscribes its two contacts at the simulator (the URL check answered by n8n's production
 * webhook). A signal fired in the simulator runs the workflow exactly once; the same delivery sent
 * again (as the service's retry) is acknowledged and runs nothing; a forged one gets 401 and runs
 * nothing; the service's test call is acknowledged as its guide requires; deactivating deletes every
 * subscription of the trigger (60 here, over two pages of the list) and no other consumer's.
 */
import { createHmac } from 'node:crypto';

import triggerDemo from '../../examples/global-trigger-demo.json';
import { fetchFresh } from '../../scripts/fetchFresh';
import { validate } from '../contracts/check';
import { webhookAcknowledgement } from '../contracts/global';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../simulator/globalWebhooks';
import { demoCredential, ownerSession, startE2e, type E2e } from './runner';

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
		e2e = await startE2e({ shared: true });
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
			demoCredential('marketingAutomationApi', e2e.sim.url),
		]);
		await e2e.importWorkflow(triggerDemo);
		await e2e.publish(triggerDemo.id);
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

		const headers = await ownerSession(e2e.serverUrl);
		const executions = async () => {
			const answer = await fetchFresh(
				`${e2e.serverUrl}/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: triggerDemo.id }))}`,
				{ headers },
			);
			const { data } = (await answer.json()) as { data: { results: Array<{ status: string }> } };
			return data.results;
		};

		// The service's test call: one signed delivery, acknowledged as the guide requires.
		const [first] = [...hooks().subscriptions.values()];
		const tested = await fetchFresh(`${e2e.sim.url}/global/api/subscriptions/${first.id}/test`, {
			method: 'POST',
			headers: { api_key: 'global-demo-key' },
		});
		expect(tested.status).toBe(200);
		expect(await tested.json()).toMatchObject({ subscriptionId: first.id, isSuccess: true });
		// A test delivery is a delivery: it starts its own run.
		await until('the test run saved', async () => (await executions()).length >= 1);

		const [delivery] = await hooks().fire('p-2001', 'companyChange', {
			currentDomain: 'contoso.example.de',
		});
		expect(delivery).toMatchObject({
			status: 201,
			attempt: 1,
			acknowledged: true,
			answer: { received: true, webhookId: delivery.webhookId },
		});
		expect(validate(webhookAcknowledgement, delivery.answer, 'ack')).toEqual([]);
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
			status: 201,
			acknowledged: true,
			answer: { received: true, webhookId: delivery.webhookId },
		});

		// Forged: the right shape and a fresh timestamp, but not the account's secret.
		const body = JSON.stringify({
			id: 'forged-1',
			type: 'companyChange',
			entityType: 'contact',
			entityId: 'p-2001',
			subscriptionId: 'sub-x',
			data: { currentDomain: 'contoso.example.de' },
			timestamp: new Date().toISOString(),
			billing: { creditsCharged: 1 },
		});
		const timestamp = String(Math.floor(Date.now() / 1000));
		const forged = await fetchFresh(url, {
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

		// The signal ran once (the test call's run aside), after giving a wrong run time to show.
		await until('the signal run saved', async () => (await executions()).length >= 2);
		await new Promise((resolve) => setTimeout(resolve, 5000));
		const runs = await executions();
		expect(runs).toHaveLength(2);
		expect(runs.map((run) => run.status)).toContain('success');
		expect(upserts()).toHaveLength(1);

		// 60 subscriptions of this trigger (58 more as an earlier activation would have left them)
		// and 90 of another consumer: the list takes two pages, the deletes three calls of 25.
		const at = new Date().toISOString();
		const add = (n: number, to: string, prefix: string) =>
			hooks().subscriptions.set(`${prefix}-${n}`, {
				id: `${prefix}-${n}`,
				entityType: 'contact',
				entityId: `${prefix}-entity-${n}`,
				url: to,
				signalTypes: ['companyChange'],
				isActive: true,
				createdAt: at,
				updatedAt: at,
			});
		for (let n = 0; n < 58; n++) add(n, url, 'sub-own');
		for (let n = 0; n < 90; n++) add(n, 'https://other.example/hook', 'sub-other');
		expect(hooks().subscriptions.size).toBe(150);

		// Deactivation deletes the trigger's subscriptions, and only those.
		const deactivated = await fetchFresh(
			`${e2e.serverUrl}/rest/workflows/${triggerDemo.id}/deactivate`,
			{ method: 'POST', headers, body: '{}' },
		);
		expect(deactivated.status).toBe(200);
		// n8n deactivates in the background too.
		await until('the subscriptions deleted', () => hooks().subscriptions.size === 90);
		const left = [...hooks().subscriptions.values()];
		expect(left.filter((s) => s.url === url)).toEqual([]);
		expect(left.every((s) => s.id.startsWith('sub-other-'))).toBe(true);
	}, 480_000);
});
