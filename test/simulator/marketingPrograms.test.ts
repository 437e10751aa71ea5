import { demoToken } from './marketing';
import { startServices, type Simulator } from './index';

/**
 * The simulator's program operations are as strict as the service's asset API (form-encoded
 * writes, name and size bounds, the 7xx codes), never more lenient.
 */
describe('marketing simulator: programs, tokens, emails, campaigns, forms, folders', () => {
	let sim: Simulator;
	let token: string;
	beforeAll(async () => {
		sim = await startServices({});
		token = await demoToken(sim.url);
	});
	afterAll(async () => {
		await sim.close();
	});

	type Answer = Record<string, unknown> & { result?: Array<Record<string, unknown>> };
	const send = async (method: string, path: string, contentType?: string, body?: string) => {
		const answer = await fetch(`${sim.url}${path}`, {
			method,
			headers: {
				authorization: `Bearer ${token}`,
				...(contentType ? { 'content-type': contentType } : {}),
			},
			body,
		});
		return (await answer.json()) as Answer;
	};
	const get = async (path: string) => await send('GET', path);
	const form = async (path: string, fields: Record<string, string>) =>
		await send(
			'POST',
			path,
			'application/x-www-form-urlencoded',
			new URLSearchParams(fields).toString(),
		);
	const json = async (path: string, body: unknown) =>
		await send('POST', path, 'application/json', JSON.stringify(body));
	const errorOf = (answer: Answer) =>
		(answer.errors as Array<{ code: string; message: string }> | undefined)?.[0];
	const folder = (id: number, type = 'Folder') => JSON.stringify({ id, type });

	it('program by name: found, a miss is the no-assets warning, a blank name 701', async () => {
		const found = await get('/rest/asset/v1/program/byName.json?name=Product%20Webinar');
		expect(found.result?.map((p) => p.id)).toEqual([3003]);
		const missing = await get('/rest/asset/v1/program/byName.json?name=Nope');
		expect(missing).toMatchObject({
			success: true,
			warnings: ['No assets found for the given search criteria.'],
		});
		expect(missing.result).toBeUndefined();
		expect(errorOf(await get('/rest/asset/v1/program/byName.json'))?.code).toBe('701');
	});

	it('create: form fields only (a JSON body is 612),  type and channel checked, names unique', async () => {
		expect(
			errorOf(
				await json('/rest/asset/v1/programs.json', {
					name: 'Spring Launch',
					folder: { id: 15, type: 'Folder' },
					type: 'Default',
					channel: 'Operational',
				}),
			),
		).toEqual({
			code: '612',
			message:
				'Invalid Content Type: content type application/json is not application/x-www-form-urlencoded',
		});
		const fields = {
			name: 'Spring Launch',
			folder: folder(15),
			type: 'Default',
			channel: 'Operational',
			tags: JSON.stringify([{ tagType: 'Region', tagValue: 'APAC' }]),
		};
		const created = await form('/rest/asset/v1/programs.json', fields);
		expect(created.result?.[0]).toMatchObject({
			name: 'Spring Launch',
			type: 'Default',
			channel: 'Operational',
			folder: { type: 'Folder', value: 15 },
			tags: [{ tagType: 'Region', tagValue: 'APAC' }],
		});
		expect(errorOf(await form('/rest/asset/v1/programs.json', fields))?.code).toBe('709');
		const wrongChannel = { ...fields, name: 'Other', channel: 'Webinar' };
		expect(errorOf(await form('/rest/asset/v1/programs.json', wrongChannel))?.code).toBe('1001');
		const noFolder = { ...fields, name: 'Other', folder: folder(999) };
		expect(errorOf(await form('/rest/asset/v1/programs.json', noFolder))?.code).toBe('710');
		const badType = { ...fields, name: 'Other', folder: JSON.stringify({ id: 15, type: 'List' }) };
		expect(errorOf(await form('/rest/asset/v1/programs.json', badType))?.code).toBe('711');
		const longName = { ...fields, name: 'x'.repeat(256) };
		expect(errorOf(await form('/rest/asset/v1/programs.json', longName))?.code).toBe('1001');
		const byTag = await get('/rest/asset/v1/program/byTag.json?tagType=Region&tagValue=APAC');
		expect(byTag.result?.map((p) => p.name)).toEqual(['Spring Launch']);
	});

	it('clone: copies the tokens; 709 for restricted assets or another workspace; 719 on a lock', async () => {
		const cloned = await form('/rest/asset/v1/program/3003/clone.json', {
			name: 'December Webinar',
			folder: folder(17),
			description: 'From the template',
		});
		const id = Number(cloned.result?.[0].id);
		expect(cloned.result?.[0]).toMatchObject({
			name: 'December Webinar',
			type: 'Event with Webinar',
			description: 'From the template',
			folder: { type: 'Folder', value: 17 },
		});
		const tokens = await get(`/rest/asset/v1/folder/${id}/tokens.json?folderType=Program`);
		expect(tokens.result?.[0].tokens).toEqual([
			{ name: 'Webinar Title', type: 'text', value: 'Product Webinar' },
			{ name: 'Webinar Date', type: 'date', value: '2026-12-10' },
		]);
		const again = { name: 'December Webinar', folder: folder(17) };
		expect(errorOf(await form('/rest/asset/v1/program/3003/clone.json', again))?.code).toBe('709');
		const social = { name: 'Event copy', folder: folder(15) };
		expect(errorOf(await form('/rest/asset/v1/program/3006/clone.json', social))?.code).toBe('709');
		const elsewhere = { name: 'Elsewhere', folder: folder(90) };
		expect(errorOf(await form('/rest/asset/v1/program/3003/clone.json', elsewhere))).toEqual({
			code: '709',
			message: 'The target folder is in another workspace',
		});
		sim.services.marketing.programOps.locked.add(3002);
		const locked = { name: 'Onboarding copy', folder: folder(15) };
		expect(errorOf(await form('/rest/asset/v1/program/3002/clone.json', locked))?.code).toBe('719');
	});

	it('approve: Email programs only, with dates and an approved email; unapprove only when approved', async () => {
		expect(errorOf(await form('/rest/asset/v1/program/3003/approve.json', {}))?.message).toBe(
			'Only Email programs can be approved',
		);
		expect(errorOf(await form('/rest/asset/v1/program/3001/approve.json', {}))?.message).toBe(
			'The program needs a start and end date before it is approved',
		);
		expect(errorOf(await form('/rest/asset/v1/program/3001/unapprove.json', {}))?.code).toBe('709');
	});

	it('tokens: upsert by name (form only), typed values, names of at most 50, delete by name and type', async () => {
		const path = '/rest/asset/v1/folder/15/tokens.json';
		expect(
			errorOf(
				await json(path, {
					name: 'Event Date',
					type: 'date',
					value: '2026-12-01',
					folderType: 'Folder',
				}),
			)?.code,
		).toBe('612');
		await form(path, {
			name: 'Event Date',
			type: 'date',
			value: '2026-12-01',
			folderType: 'Folder',
		});
		const updated = await form(path, {
			name: 'Event Date',
			type: 'date',
			value: '2026-12-02',
			folderType: 'Folder',
		});
		expect(updated.result?.[0].tokens).toEqual([
			{ name: 'Event Date', type: 'date', value: '2026-12-02' },
		]);
		const bad = (fields: Record<string, string>) =>
			form(path, { name: 'T', type: 'text', value: 'v', folderType: 'Folder', ...fields });
		expect(errorOf(await bad({ type: 'date', value: '12/01/2026' }))?.code).toBe('1001');
		expect(errorOf(await bad({ type: 'number', value: 'ten' }))?.code).toBe('1001');
		expect(errorOf(await bad({ type: 'colour' }))?.code).toBe('1001');
		expect(errorOf(await bad({ name: 'n'.repeat(51) }))?.code).toBe('1001');
		expect(errorOf(await bad({ folderType: 'Program' }))?.code).toBe('710');
		const remove = '/rest/asset/v1/folder/15/tokens/delete.json';
		const removeFields = { name: 'Event Date', type: 'date', folderType: 'Folder' };
		expect((await form(remove, removeFields)).success).toBe(true);
		expect(errorOf(await form(remove, removeFields))?.code).toBe('702');
	});

	it('emails: a sample needs an address; unapprove and discard answer 709 when they cannot', async () => {
		const emailId = [...sim.services.marketing.emails.values()].find(
			(e) => e.approved && !e.draft,
		)!.id;
		expect(errorOf(await form(`/rest/asset/v1/email/${emailId}/sendSample.json`, {}))?.code).toBe(
			'701',
		);
		const sent = await form(`/rest/asset/v1/email/${emailId}/sendSample.json`, {
			emailAddress: 'qa@example.com',
			textOnly: 'true',
		});
		expect(sent.success).toBe(true);
		expect(sim.services.marketing.programOps.samples).toEqual([
			{ emailId, emailAddress: 'qa@example.com' },
		]);
		expect(errorOf(await form(`/rest/asset/v1/email/${emailId}/discardDraft.json`, {}))?.code).toBe(
			'709',
		);
		expect((await form(`/rest/asset/v1/email/${emailId}/unapprove.json`, {})).success).toBe(true);
		expect(errorOf(await form(`/rest/asset/v1/email/${emailId}/unapprove.json`, {}))?.code).toBe(
			'709',
		);
	});

	it('campaigns: by name, clone into a program; schedule refuses a runAt under 5 minutes (1042) and a 21st clone a day (1020)', async () => {
		const found = await get('/rest/asset/v1/smartCampaign/byName.json?name=Welcome%20flow');
		expect(found.result?.map((c) => c.id)).toEqual([2001]);
		const clone = await form('/rest/asset/v1/smartCampaign/2001/clone.json', {
			name: 'Welcome flow copy',
			folder: folder(3002, 'Program'),
		});
		expect(clone.result?.[0]).toMatchObject({ name: 'Welcome flow copy', parentProgramId: 3002 });
		const soon = new Date(Date.now() + 60_000).toISOString();
		const schedule = (input: Record<string, unknown>) =>
			json('/rest/v1/campaigns/2003/schedule.json', { input });
		expect(errorOf(await schedule({ runAt: soon }))?.code).toBe('1042');
		const later = new Date(Date.now() + 3_600_000).toISOString();
		for (let n = 0; n < 20; n++) {
			expect((await schedule({ runAt: later, cloneToProgramName: `Copy ${n}` })).success).toBe(
				true,
			);
		}
		expect(errorOf(await schedule({ runAt: later, cloneToProgramName: 'Copy 21' }))?.code).toBe(
			'1020',
		);
	});

	it('forms: fields by field ID; submit takes one record of the form’s fields by REST name and logs a fill', async () => {
		const fields = await get('/rest/asset/v1/form/501/fields.json');
		expect(fields.result?.map((f) => f.id)).toEqual(['Email', 'FirstName', 'LastName', 'Company']);
		const submit = (input: unknown[]) =>
			json('/rest/v1/leads/submitForm.json', { formId: 501, input });
		const stray = await submit([{ leadFormFields: { email: 'f@example.com', title: 'CEO' } }]);
		expect(stray.result).toEqual([
			{ status: 'skipped', reasons: [{ code: '1006', message: "Field 'title' not found" }] },
		]);
		const two = [
			{ leadFormFields: { email: 'a@example.com' } },
			{ leadFormFields: { email: 'b@example.com' } },
		];
		expect(errorOf(await submit(two))?.code).toBe('1003');
		const filled = await submit([
			{ leadFormFields: { email: 'form.fill@example.com', firstName: 'Fay' } },
		]);
		expect(filled.result?.[0]).toMatchObject({ status: 'created' });
		const activity = sim.services.marketing.activities.at(-1);
		expect(activity).toMatchObject({
			leadId: filled.result?.[0].id,
			activityTypeId: 2,
			primaryAttributeValueId: 501,
		});
	});

	it('forms: browsed by offset and status; a bad status 1001, maxReturn over 200 1003', async () => {
		const all = await get('/rest/asset/v1/forms.json?maxReturn=200&offset=0');
		expect(all.result?.map((f) => [f.id, f.name])).toEqual([
			[501, 'Webinar Registration'],
			[502, 'Contact Us'],
		]);
		const drafts = await get('/rest/asset/v1/forms.json?status=draft');
		expect(drafts.result?.map((f) => f.id)).toEqual([502]);
		const past = await get('/rest/asset/v1/forms.json?offset=2');
		expect(past.warnings).toEqual(['No assets found for the given search criteria.']);
		expect(errorOf(await get('/rest/asset/v1/forms.json?status=live'))?.code).toBe('1001');
		expect(errorOf(await get('/rest/asset/v1/forms.json?maxReturn=201'))?.code).toBe('1003');
	});

	it('submit: visitor data of the documented keys only, a cookie as text', async () => {
		const submit = (extra: Record<string, unknown>) =>
			json('/rest/v1/leads/submitForm.json', {
				formId: 502,
				input: [{ leadFormFields: { email: 'v@example.com', phone: '555' }, ...extra }],
			});
		expect(errorOf(await submit({ visitorData: { browser: 'x' } }))?.code).toBe('1001');
		expect(errorOf(await submit({ cookie: 5 }))?.code).toBe('1001');
		const ok = await submit({
			visitorData: { pageURL: 'https://example.com/contact' },
			cookie: 'id:123-ABC-456&token:_mch-example.com-1',
		});
		expect(ok.result?.[0]).toMatchObject({ status: 'created' });
	});

	it('content section: type checked, an ID for snippets, a locked section 709, edits go to the draft', async () => {
		const path = '/rest/asset/v1/email/4002/content/headline.json';
		expect(errorOf(await form(path, { type: 'Html', value: 'x' }))?.code).toBe('1001');
		expect(errorOf(await form(path, { type: 'Snippet', value: 'abc' }))?.code).toBe('1001');
		expect(errorOf(await form(path, { type: 'Text' }))?.code).toBe('701');
		expect(
			errorOf(
				await form('/rest/asset/v1/email/4002/content/nope.json', { type: 'Text', value: 'x' }),
			)?.code,
		).toBe('702');
		expect((await form(path, { type: 'Text', value: '<h1>Hi</h1>' })).success).toBe(true);
		const email = sim.services.marketing.emails.get(4002)!;
		expect(email.draft?.find((s) => s.htmlId === 'headline')?.value).toBe('<h1>Hi</h1>');
		email.draft!.find((s) => s.htmlId === 'body')!.isLocked = true;
		expect(
			errorOf(
				await form('/rest/asset/v1/email/4002/content/body.json', { type: 'Text', value: 'x' }),
			),
		).toEqual({ code: '709', message: "Section 'body' is locked" });
	});

	it('folders: by exact name, and a folder’s content', async () => {
		const byName = await get('/rest/asset/v1/folder/byName.json?name=Webinars');
		expect(byName.result?.map((f) => f.id)).toEqual([17]);
		const content = await get('/rest/asset/v1/folder/15/content.json?maxReturn=200');
		expect(content.result).toEqual(
			expect.arrayContaining([
				{ id: 16, type: 'Folder' },
				{ id: 3003, type: 'Program' },
			]),
		);
		expect(errorOf(await get('/rest/asset/v1/folder/15/content.json?maxReturn=201'))?.code).toBe(
			'1003',
		);
		expect(errorOf(await get('/rest/asset/v1/folder/999/content.json'))?.code).toBe('710');
	});

	it('folders browse: from the top folders or a root, maxDepth deep, programs as folders', async () => {
		const top = await get('/rest/asset/v1/folders.json?maxReturn=200');
		// Earlier tests of this file created programs in folders 15 and 17.
		const ids = top.result?.map((f) => f.id) ?? [];
		expect(ids.slice(0, 3)).toEqual([15, 16, 17]);
		expect(ids.at(-1)).toBe(90);
		expect(top.result?.find((f) => f.id === 3003)).toMatchObject({
			folderId: { id: 3003, type: 'Program' },
			folderType: 'Program',
			parent: { id: 15, type: 'Folder' },
			path: '/Marketing Activities/Product Webinar',
		});
		expect(top.result?.[2]).toEqual({
			id: 17,
			name: 'Webinars',
			folderId: { id: 17, type: 'Folder' },
			folderType: 'Marketing Folder',
			parent: { id: 15, type: 'Folder' },
			path: '/Marketing Activities/Webinars',
			workspace: 'Default',
		});
		const shallow = await get(
			`/rest/asset/v1/folders.json?maxDepth=1&root=${encodeURIComponent(folder(90))}`,
		);
		expect(shallow.result?.map((f) => f.id)).toEqual([90]);
		const second = await get('/rest/asset/v1/folders.json?maxReturn=3&offset=3');
		expect(second.result?.map((f) => f.id)).toEqual(ids.slice(3, 6));
		const bad = (query: string) => get(`/rest/asset/v1/folders.json?${query}`);
		expect(errorOf(await bad('maxReturn=201'))?.code).toBe('1003');
		expect(errorOf(await bad('maxDepth=0'))?.code).toBe('1003');
		expect(errorOf(await bad(`root=${encodeURIComponent(folder(999))}`))?.code).toBe('710');
		expect(errorOf(await bad(`root=${encodeURIComponent(folder(15, 'List'))}`))?.code).toBe('711');
	});

	it('channels: each of one program type, paged by maxReturn', async () => {
		const channels = await get('/rest/asset/v1/channels.json?maxReturn=200');
		expect(
			channels.result
				?.filter((c) => c.applicableProgramType === 'Event with Webinar')
				.map((c) => c.name),
		).toEqual(['Webinar']);
		expect(channels.result).toHaveLength(8);
		expect(errorOf(await get('/rest/asset/v1/channels.json?maxReturn=201'))?.code).toBe('1003');
	});
});
