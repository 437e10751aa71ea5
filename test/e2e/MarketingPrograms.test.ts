/**
 * End-to-end: a real n8n runs the program chain of a webinar (workflows/marketingPrograms.json)
 * against the simulator: clone the webinar template into the Webinars folder, set the clone's My
 * Tokens (form-encoded), approve the Email program of the invitation and schedule its campaign
 * with tokens. The simulator's state afterwards is the proof.
 */
import { DEMO_CLIENT } from '../simulator/marketing';
import { startE2e, type E2e } from './runner';
import programsWorkflow from './workflows/marketingPrograms.json';

describe('e2e: Marketing Automation programs and tokens (real n8n process)', () => {
	let e2e: E2e;

	beforeAll(async () => {
		e2e = await startE2e({ shared: true });
		await e2e.importCredentials([
			{
				id: 'e2eMarketingCred01',
				name: 'Marketing automation (simulator)',
				type: 'marketingAutomationApi',
				data: {
					restEndpoint: `${e2e.sim.url}/rest/`,
					clientId: DEMO_CLIENT.clientId,
					clientSecret: DEMO_CLIENT.clientSecret,
				},
			},
		]);
		await e2e.importWorkflow([programsWorkflow]);
		// Packing and installing the package into a fresh n8n folder takes minutes on a busy machine.
	}, 600_000);

	afterAll(async () => {
		await e2e?.stop();
	});

	it('clones the webinar template, sets its tokens, approves the email program, sends a sample, schedules the invitation', async () => {
		const sim = e2e.sim.services.marketing;
		// The invitation's Email program is set up in the service's UI: its dates, an approved email.
		const invitation = sim.programs.find((program) => program.id === 3001)!;
		Object.assign(invitation, {
			startDate: '2026-12-10T15:00:00Z',
			endDate: '2026-12-10T16:00:00Z',
		});
		sim.resetCounters();

		const run = await e2e.execute(programsWorkflow.id);
		expect(run.error).toBeUndefined();
		expect(run.status).toBe('success');

		const clone = sim.programs.find((program) => program.name === 'December Product Webinar');
		expect(clone).toMatchObject({
			type: 'Event with Webinar',
			channel: 'Webinar',
			description: 'Cloned by n8n from the webinar template',
			folder: { type: 'Folder', value: 17 },
		});
		const cloneId = Number(clone!.id);
		expect(run.items('Clone Webinar Template')).toEqual([
			expect.objectContaining({ id: cloneId, name: 'December Product Webinar' }),
		]);
		expect(sim.programOps.tokens.get(`Program:${cloneId}`)).toEqual([
			{ name: 'Webinar Title', type: 'text', value: 'December Product Webinar' },
			{ name: 'Webinar Date', type: 'date', value: '2026-12-17' },
			{ name: 'Join Link', type: 'text', value: `https://events.example.com/join?w=${cloneId}` },
		]);
		expect(
			sim.callsTo('POST', `/rest/asset/v1/folder/${cloneId}/tokens.json`).map((c) => c.rawBody),
		).toEqual([
			'name=Webinar+Date&type=date&value=2026-12-17&folderType=Program',
			'name=Webinar+Title&type=text&value=December+Product+Webinar&folderType=Program',
			`name=Join+Link&type=text&value=https%3A%2F%2Fevents.example.com%2Fjoin%3Fw%3D${cloneId}&folderType=Program`,
		]);
		expect(run.items('Set Its Tokens')).toEqual([
			expect.objectContaining({
				folderId: cloneId,
				folderType: 'Program',
				updated: ['Webinar Date', 'Webinar Title', 'Join Link'],
			}),
		]);
		expect(invitation.status).toBe('locked');
		expect(run.items('Approve Email Program')).toEqual([{ id: 3001, approved: true }]);
		expect(sim.scheduled).toEqual([
			{
				campaignId: 2003,
				input: {
					runAt: expect.any(String),
					tokens: [
						{ name: '{{my.Webinar Date}}', value: '2026-12-17' },
						{ name: '{{my.Webinar Title}}', value: 'December Product Webinar' },
					],
				},
			},
		]);
		// Each write once: nothing was sent twice.
		expect(sim.callsTo('POST', '/rest/asset/v1/program/3003/clone.json')).toHaveLength(1);
		expect(sim.callsTo('POST', '/rest/asset/v1/program/3001/approve.json')).toHaveLength(1);
		// The invitation's sample went to the team's inbox, once.
		expect(run.items('Send A Sample')).toEqual([
			{ id: 4002, sent: true, emailAddress: 'webinar-team@example.com' },
		]);
		expect(sim.programOps.samples).toEqual([
			{ emailId: 4002, emailAddress: 'webinar-team@example.com' },
		]);
		expect(sim.callsTo('POST', '/rest/asset/v1/email/4002/sendSample.json')).toHaveLength(1);
	});
});
