import nock from 'nock';

import { DEMO_GLOBAL_SEED, generateGlobalContacts } from '../../../../simulator/globalEnrichment';
import { items, withSimulator } from '../../../../harness/enrichment';
import { ANA, contact, demoSeedPlusContacts } from '../../fixtures';
import { runNock } from '../../helpers';
import { NO_CREDITS, NO_CREDITS_AFTER_100_OF_200 } from '../../messages';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

describe('Global Enrichment: wire format', () => {
	it('Enrich sends an array with our reference ids and maps results back by id, not by position', async () => {
		let sent: unknown;
		nock('https://global.test', { reqheaders: { api_key: 'g-secret' } })
			.post('/person/bulk', (body) => {
				sent = body;
				return true;
			})
			.reply(200, {
				requestId: 'r2',
				// Answered in reverse order.
				results: [
					{
						referenceId: '2',
						data: null,
						error: { code: 'NOT_FOUND', message: 'Contact not found' },
						creditsCharged: 0,
					},
					{ referenceId: '1', data: { id: 'p-b' }, creditsCharged: 2 },
					{ referenceId: '0', data: { id: 'p-a' }, creditsCharged: 1 },
				],
				billing: { creditsCharged: 3, resultsReturned: 2 },
			});
		const result = await runNock(contact('enrich', { simplify: false }), [
			{ email: 'a@example.com' },
			{ email: 'b@example.com' },
			{ email: 'c@example.com' },
		]);
		expect(result.error).toBeUndefined();
		expect(sent).toEqual([
			{ referenceId: '0', email: 'a@example.com' },
			{ referenceId: '1', email: 'b@example.com' },
			{ referenceId: '2', email: 'c@example.com' },
		]);
		expect(items(result)).toEqual([
			{ json: { found: true, creditsCharged: 1, id: 'p-a' }, pairedItem: { item: 0 } },
			{ json: { found: true, creditsCharged: 2, id: 'p-b' }, pairedItem: { item: 1 } },
			{
				json: { found: false, input: { email: 'c@example.com' }, creditsCharged: 0 },
				pairedItem: { item: 2 },
			},
		]);
	});
});

describe('Global Enrichment: Contact → Enrich (bulk)', () => {
	const ctx = withSimulator(demoSeedPlusContacts(300));

	it('250 contacts go out as 100 + 100 + 50, each result on its own item', async () => {
		const input = Array.from({ length: 250 }, (_, n) => ({
			email: `contact${n}@bench.example.com`,
		}));
		const result = await ctx.runGlobal(contact('enrich'), input);
		expect(result.error).toBeUndefined();
		const calls = ctx.sim.services.global.calls;
		expect(calls.map((c) => [c.path, (c.body as unknown[]).length])).toEqual([
			['/person/bulk', 100],
			['/person/bulk', 100],
			['/person/bulk', 50],
		]);
		expect((calls[2].body as Array<Record<string, string>>)[0]).toEqual({
			referenceId: '200',
			email: 'contact200@bench.example.com',
		});
		const output = result.output();
		expect(output).toHaveLength(250);
		output.forEach((item, n) => {
			expect(item.pairedItem).toEqual({ item: n });
			expect(item.json).toMatchObject({
				found: true,
				id: `pg-${n}`,
				email: `contact${n}@bench.example.com`,
			});
			expect(item.json.creditsCharged).toBe(n % 5 === 0 ? 2 : 1);
		});
		expect(ctx.sim.services.global.creditsSpent).toBe(300);
	});

	it('deduplicates after normalising: 6 items, 3 records sent, credits reported once', async () => {
		const result = await ctx.runGlobal(contact('enrich'), [
			{ email: 'contact1@bench.example.com' },
			{ email: ' CONTACT1@bench.example.com' },
			{ email: 'contact2@bench.example.com' },
			{ email: 'contact1@BENCH.example.com ' },
			{ email: 'nobody@bench.example.com' },
			{ email: 'Nobody@bench.example.com' },
		]);
		expect(ctx.sim.services.global.calls.map((c) => c.body)).toEqual([
			[
				{ referenceId: '0', email: 'contact1@bench.example.com' },
				{ referenceId: '2', email: 'contact2@bench.example.com' },
				{ referenceId: '4', email: 'nobody@bench.example.com' },
			],
		]);
		expect(
			result
				.output()
				.map((item) => [item.json.found, item.json.id, item.json.creditsCharged, item.pairedItem]),
		).toEqual([
			[true, 'pg-1', 1, { item: 0 }],
			[true, 'pg-1', 0, { item: 1 }],
			[true, 'pg-2', 1, { item: 2 }],
			[true, 'pg-1', 0, { item: 3 }],
			[false, undefined, 0, { item: 4 }],
			[false, undefined, 0, { item: 5 }],
		]);
		expect(result.json()[5].input).toEqual({ email: 'Nobody@bench.example.com' });
	});

	it('a per-record error lands on its own item under Continue On Fail; the rest are enriched', async () => {
		const result = await ctx.runGlobal(
			contact('enrich'),
			[
				{ email: 'contact7@bench.example.com' },
				{ email: 'eve@contoso.example.de' },
				{ email: 'contact8@bench.example.com' },
			],
			true,
		);
		expect(result.error).toBeUndefined();
		expect(items(result)).toEqual([
			{ json: expect.objectContaining({ found: true, id: 'pg-7' }), pairedItem: { item: 0 } },
			{
				json: {
					error:
						'The service could not look up the contact of item 1: This contact cannot be returned for compliance reasons (COMPLIANCE_RESTRICTED)',
					code: 'COMPLIANCE_RESTRICTED',
					input: { email: 'eve@contoso.example.de' },
				},
				pairedItem: { item: 1 },
			},
			{ json: expect.objectContaining({ found: true, id: 'pg-8' }), pairedItem: { item: 2 } },
		]);
	});

	it('no match with "Error on No Match": fails the node naming the item', async () => {
		const result = await ctx.runGlobal(contact('enrich', { options: { errorOnNoMatch: true } }), [
			{ email: 'contact1@bench.example.com' },
			{ email: 'nobody@bench.example.com' },
		]);
		expect(result.error?.message).toBe(
			'No contact matches item 1. Done before it stopped: 2 of 2 items answered (items 0-1); not done: 0 (no items)',
		);
		expect(ctx.sim.services.global.calls).toHaveLength(1);
	});

	const input200 = Array.from({ length: 200 }, (_, n) => ({
		email: `contact${n}@bench.example.com`,
	}));

	it('402 on a bulk call under Continue On Fail: the 100 paid records reach their items, the rest get the error', async () => {
		ctx.sim.services.global.credits = 150;
		const result = await ctx.runGlobal(contact('enrich'), input200, true);
		expect(result.error).toBeUndefined();
		const json = result.json();
		expect(json).toHaveLength(200);
		expect(json.slice(0, 100).every((item) => item.found === true)).toBe(true);
		expect(json.slice(100).every((item) => item.error === NO_CREDITS)).toBe(true);
		expect(ctx.sim.services.global.calls.map((c) => c.status).sort()).toEqual([200, 402]);
		expect(ctx.sim.services.global.creditsSpent).toBe(120);
		const reported = json.reduce((sum, item) => sum + Number(item.creditsCharged ?? 0), 0);
		expect(reported).toBe(120);
	});

	it('402 on a bulk call without Continue On Fail names what was done; the re-run it asks for pays nothing twice', async () => {
		ctx.sim.services.global.credits = 150;
		const result = await ctx.runGlobal(contact('enrich'), input200);
		expect(result.error?.message).toBe(NO_CREDITS_AFTER_100_OF_200);
		expect(ctx.sim.services.global.creditsSpent).toBe(120);
		ctx.sim.services.global.credits = 1000;
		const notDone = result.error?.context.notDoneItems as number[];
		const rerun = await ctx.runGlobal(
			contact('enrich'),
			notDone.map((i) => input200[i]),
		);
		expect(rerun.error).toBeUndefined();
		// Every contact paid for once over both runs: 200 contacts, every 5th with a phone.
		expect(ctx.sim.services.global.creditsSpent).toBe(240);
		expect(ctx.sim.services.global.recordsLookedUp).toBe(200 + 100);
	});
});

describe('Global Enrichment on the service API: Contact → Find and Enrich', () => {
	const ctx = withSimulator();

	it('every identifying set with its real key; per-record errors stay on their own item', async () => {
		const result = await ctx.runGlobalService(
			contact('enrich'),
			[
				{ email: 'ana.silva@northwind.example.com' },
				{ email: 'ANA.SILVA@northwind.example.com' },
				{ email: 'eve@contoso.example.de' },
				{ email: 'ghost@example.com' },
			],
			true,
		);
		const byUrl = await ctx.runGlobalService(
			contact('find', { identifyBy: 'networkUrl', networkUrl: 'linkedin.com/in/Mia-Taylor' }),
		);
		const byName = await ctx.runGlobalService(
			contact('find', {
				identifyBy: 'name',
				firstName: 'Jonas',
				lastName: 'Becker',
				company: '={{ $json.company }}',
			}),
			[{ company: 'contoso.example.de' }, { company: 'Contoso GmbH' }],
		);
		expect(result.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.body])).toEqual([
			[
				'/v3/contacts/search-and-enrich',
				{
					contacts: [
						{ clientReferenceId: '0', email: 'ana.silva@northwind.example.com' },
						{ clientReferenceId: '2', email: 'eve@contoso.example.de' },
						{ clientReferenceId: '3', email: 'ghost@example.com' },
					],
				},
			],
			[
				'/v3/contacts/search-and-enrich',
				{
					contacts: [
						{ clientReferenceId: '0', linkedinUrl: 'https://www.linkedin.com/in/mia-taylor' },
					],
				},
			],
			[
				'/v3/contacts/search-and-enrich',
				{
					contacts: [
						{
							clientReferenceId: '0',
							firstName: 'Jonas',
							lastName: 'Becker',
							companyDomain: 'contoso.example.de',
						},
						{
							clientReferenceId: '1',
							firstName: 'Jonas',
							lastName: 'Becker',
							companyName: 'Contoso GmbH',
						},
					],
				},
			],
		]);
		expect(result.json()).toEqual([
			{ found: true, creditsCharged: 2, ...ANA },
			{ found: true, creditsCharged: 0, ...ANA },
			{
				error:
					'The service could not look up the contact of item 2: This contact cannot be returned for compliance reasons (COMPLIANCE_RESTRICTED)',
				code: 'COMPLIANCE_RESTRICTED',
				input: { email: 'eve@contoso.example.de' },
			},
			{ found: false, input: { email: 'ghost@example.com' }, creditsCharged: 0 },
		]);
		expect(byUrl.json()[0]).toMatchObject({
			found: true,
			id: 'p-2003',
			email: 'mia@fabrikam.example.com.au',
		});
		expect(byName.json().map((json) => json.id)).toEqual(['p-2002', 'p-2002']);
		expect(ctx.sim.services.global.creditsSpent).toBe(2 + 1 + 2);
	});
});

describe('Global Enrichment on the service API: bulk in batches of 100', () => {
	const ctx = withSimulator(() => ({
		global: { ...DEMO_GLOBAL_SEED, contacts: generateGlobalContacts(250) },
	}));

	it('250 contacts, 20 of them repeated: 3 calls of at most 100 unique records, each charged once', async () => {
		const input = Array.from({ length: 270 }, (_, n) => ({
			email: `contact${n < 250 ? n : n - 250}@bench.example.com`,
		}));
		const result = await ctx.runGlobalService(contact('enrich'), input);
		expect(result.error).toBeUndefined();
		const calls = ctx.sim.services.global.calls;
		// The three chunks go out concurrently, so they may arrive in any order.
		expect(
			calls.map((c) => (c.body as { contacts: unknown[] }).contacts.length).sort((a, b) => b - a),
		).toEqual([100, 100, 50]);
		const references = calls.flatMap((c) =>
			(c.body as { contacts: Array<{ clientReferenceId: string }> }).contacts.map(
				(record) => record.clientReferenceId,
			),
		);
		expect(new Set(references).size).toBe(250);
		expect(result.json()).toHaveLength(270);
		expect(result.json().every((json) => json.found === true)).toBe(true);
		expect(result.json()[260].id).toBe(result.json()[10].id);
		// Credits: each unique identity once. The service bills the call, not each record: the
		// bill is on the call's first record (callBilling), never split into fractions.
		const bills = result
			.json()
			.map((json) => json.callBilling as { creditsCharged: number; requestId: string } | undefined)
			.filter((bill) => bill !== undefined);
		expect(bills).toHaveLength(3);
		expect(new Set(bills.map((bill) => bill.requestId)).size).toBe(3);
		expect(bills.every((bill) => Number.isInteger(bill.creditsCharged))).toBe(true);
		// The first item of each record has no creditsCharged of its own; each repeat shows 0.
		expect(result.json().map((json) => json.creditsCharged)).toEqual([
			...Array.from({ length: 250 }, () => undefined),
			...Array.from({ length: 20 }, () => 0),
		]);
		const reported = bills.reduce((sum, bill) => sum + bill.creditsCharged, 0);
		expect(reported).toBe(ctx.sim.services.global.creditsSpent);
	});
});

describe('Global Enrichment on the service API: no waterfall flag on search-and-enrich', () => {
	const ctx = withSimulator();

	it('Find and Enrich send the records only, also for a workflow saved with the old waterfall option on', async () => {
		const email = [{ email: 'ana.silva@northwind.example.com' }];
		expect((await ctx.runGlobalService(contact('find'), email)).error).toBeUndefined();
		// The option is gone from the node; a value saved with it is ignored, never sent.
		const saved = contact('enrich', { options: { waterfallEnabled: true } });
		expect((await ctx.runGlobalService(saved, email)).error).toBeUndefined();
		const company = await ctx.runGlobalService({
			resource: 'company',
			operation: 'find',
			identifyBy: 'domain',
			domain: 'northwind.example.com',
		});
		expect(company.error).toBeUndefined();
		expect(ctx.sim.services.global.calls.map((c) => [c.path, c.status, c.body])).toEqual([
			[
				'/v3/contacts/search-and-enrich',
				200,
				{ contacts: [{ clientReferenceId: '0', email: 'ana.silva@northwind.example.com' }] },
			],
			[
				'/v3/contacts/search-and-enrich',
				200,
				{ contacts: [{ clientReferenceId: '0', email: 'ana.silva@northwind.example.com' }] },
			],
			[
				'/v3/companies/search-and-enrich',
				200,
				{ companies: [{ clientReferenceId: '0', domain: 'northwind.example.com' }] },
			],
		]);
	});
});
