/**
 * End-to-end: a real n8n runs the lead-database example (examples/marketing-objects-demo.json):
 * two CSV texts become files, n8n's own Extract From File reads them, and the Marketing Automation
 * node (version 2) syncs the companies and opportunities and reads the opportunities back.
 */
import objectsDemo from '../../examples/marketing-objects-demo.json';
import { demoCredential, startE2e, type E2e } from './runner';

describe('e2e: Marketing Automation lead database (real n8n process)', () => {
	let e2e: E2e;

	beforeAll(async () => {
		e2e = await startE2e({ shared: true });
		await e2e.importCredentials([demoCredential('marketingAutomationApi', e2e.sim.url)]);
		await e2e.importWorkflow([objectsDemo]);
		// Packing and installing the package into a fresh n8n folder takes minutes on a busy machine.
	}, 600_000);

	afterAll(async () => {
		await e2e?.stop();
	});

	it('runs the CSV example as shipped: companies and opportunities synced, read back', async () => {
		const sim = e2e.sim.services.marketing;
		sim.resetCounters();
		const run = await e2e.execute(objectsDemo.id);
		expect(run.error).toBeUndefined();
		expect(run.status).toBe('success');
		expect(run.items('Sync Companies')).toEqual([
			{ status: 'updated', externalCompanyId: 'C-1001', id: 1 },
			{ status: 'created', externalCompanyId: 'C-3001', id: 3 },
			{ status: 'created', externalCompanyId: 'C-3002', id: 4 },
		]);
		expect(run.items('Sync Opportunities').map((item) => item.status)).toEqual([
			'updated',
			'created',
			'created',
		]);
		expect(run.items('Opportunities Of Companies')).toEqual([
			{ name: 'Acme renewal', amount: '14000', stage: 'Negotiation', externalCompanyId: 'C-1001' },
			{
				name: 'Kiwi Orchards pilot',
				amount: '6000',
				stage: 'Proposal',
				externalCompanyId: 'C-3001',
			},
			{
				name: 'Harbour Analytics expansion',
				amount: '22000',
				stage: 'Qualification',
				externalCompanyId: 'C-3002',
			},
		]);
		expect(sim.callsTo('POST', '/rest/v1/companies.json')).toHaveLength(1);
		expect(sim.callsTo('POST', '/rest/v1/companies.json')[0].body).toEqual({
			action: 'createOrUpdate',
			input: [
				{
					externalCompanyId: 'C-1001',
					company: 'Acme Pty Ltd',
					industry: 'Manufacturing',
					numberOfEmployees: '250',
					billingCountry: 'Australia',
				},
				expect.objectContaining({ externalCompanyId: 'C-3001' }),
				expect.objectContaining({ externalCompanyId: 'C-3002' }),
			],
		});
	}, 300_000);
});
