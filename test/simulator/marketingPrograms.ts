/**
 * Program operations of the simulated marketing service: programs (by name, by tag, create, clone,
 * approve), My Tokens of programs and folders, email samples and drafts, smart campaign look-up and
 * clone, form fields and form fills, folders by name and their content.
 *
 * Facts, each from the service's REST docs of its asset API as summarised in
 * ../../../shared/reference/anchors-2026-11.md §2:
 * - asset writes take `application/x-www-form-urlencoded` bodies, with JSON inside some fields
 *   (`folder={"id":15,"type":"Folder"}`, `costs`, `tags`); a JSON body leaves every field blank;
 * - browse calls take `maxReturn` ≤ 200 (default 20) and `offset`; a search that finds nothing is a
 *   success with the warning "No assets found for the given search criteria.";
 * - program names are globally unique and at most 255 characters; type and channel are set only at
 *   creation; a clone's folder must exist (710) and be a folder or program (711); programs holding
 *   assets the service cannot clone answer 709; 719 is a lock wait timeout;
 * - Email programs are approved only with start and end dates and an approved email (709 else);
 * - token names are at most 50 characters, types date, number, rich text, score, sfdc campaign,
 *   text; a create with an existing name updates it;
 * - a sample needs `emailAddress`; unapprove needs an approved email, discard a draft (709 else);
 * - `submitForm` takes one record whose fields are all on the form by their REST names, upserts the
 *   lead by e-mail and logs a form fill (activity type 2);
 * - forms are browsed with `GET /rest/asset/v1/forms.json` (`status`, `maxReturn` ≤ 200, `offset`);
 * - a content section is updated with `type` Text (`value` the HTML), DynamicContent (`value` a
 *   segmentation ID) or Snippet (`value` a snippet ID); a locked section answers 709.
 */
import type { SimRequest, SimResponse } from './server';
import { CHANNEL_STATUSES, failure, ok, soapName, type Row } from './marketingObjects';

/** What this module needs of the service it is part of. */
export interface ProgramsHost {
	programs: Row[];
	/** The lead fields, by REST name (`name`). */
	fields: Row[];
	campaigns: Map<number, Row>;
	emails: Map<number, Row & { approved?: Row[]; draft?: Row[] }>;
	/** Upserts one lead by e-mail as a form fill would, logging the fill; the record's outcome. */
	fillOutForm(formId: number, fields: Row): Row;
}

const NO_ASSETS = 'No assets found for the given search criteria.';
const MAX_NAME = 255;
const MAX_TOKEN_NAME = 50;
const MAX_DESCRIPTION = 2000;
const TOKEN_TYPES = ['date', 'number', 'rich text', 'score', 'sfdc campaign', 'text'];
const PROGRAM_CHANNELS: Record<string, string[]> = {
	Default: ['Operational', 'Content', 'Online Advertising'],
	Event: ['Tradeshow', 'Roadshow'],
	'Event with Webinar': ['Webinar'],
	Engagement: ['Nurture'],
	Email: ['Email Send'],
};

/** The instance's channels, one program type each (`GET /rest/asset/v1/channels.json`). */
const CHANNELS: Row[] = Object.entries(PROGRAM_CHANNELS)
	.flatMap(([type, names]) => names.map((name) => ({ name, applicableProgramType: type })))
	.map((channel, at) => ({
		id: 101 + at,
		...channel,
		// The statuses program members take on this channel (the same the members' API checks).
		progressionStatuses: (CHANNEL_STATUSES[channel.name] ?? ['Member']).map((name, step) => ({
			name,
			step,
			success: false,
			hidden: false,
		})),
	}));

const FOLDERS: Row[] = [
	{ id: 15, name: 'Marketing Activities', type: 'Folder', parent: null, workspace: 'Default' },
	{ id: 16, name: 'Lists', type: 'Folder', parent: 15, workspace: 'Default' },
	{ id: 17, name: 'Webinars', type: 'Folder', parent: 15, workspace: 'Default' },
	// Design Studio folders hold only their own asset type (folders.md, Response Structure).
	{
		id: 20,
		name: 'Design Studio',
		type: 'Folder',
		parent: null,
		workspace: 'Default',
		folderType: 'Zone',
	},
	{ id: 21, name: 'Emails', type: 'Folder', parent: 20, workspace: 'Default', folderType: 'Email' },
	{ id: 90, name: 'Partner Workspace', type: 'Folder', parent: null, workspace: 'Partners' },
];

/** The forms' records, as the browse answers them. */
const FORM_RECORDS: Row[] = [
	{
		id: 501,
		name: 'Webinar Registration',
		description: 'Registration for the product webinar',
		status: 'approved',
		folder: { type: 'Program', value: 3003, folderName: 'Product Webinar' },
		createdAt: '2026-10-01T00:00:00Z+0000',
		updatedAt: '2026-10-01T00:00:00Z+0000',
	},
	{
		id: 502,
		name: 'Contact Us',
		description: 'The website contact form',
		status: 'draft',
		folder: { type: 'Folder', value: 15, folderName: 'Marketing Activities' },
		createdAt: '2026-10-02T00:00:00Z+0000',
		updatedAt: '2026-10-02T00:00:00Z+0000',
	},
];

/**
 * Forms and their fields by field id, as "Get Form Fields" lists them (the lead field's SOAP-style
 * name, `FirstName`); a fill sends each by its REST name (`firstName`), the describe gives both.
 */
const FORMS = new Map<number, Row[]>([
	[
		501,
		[
			{ id: 'Email', label: 'Email Address:', dataType: 'email', required: true },
			{ id: 'FirstName', label: 'First Name:', dataType: 'text', required: false },
			{ id: 'LastName', label: 'Last Name:', dataType: 'text', required: false },
			{ id: 'Company', label: 'Company Name:', dataType: 'text', required: false },
		],
	],
	[
		502,
		[
			{ id: 'Email', label: 'Email Address:', dataType: 'email', required: true },
			{ id: 'Phone', label: 'Phone Number:', dataType: 'phone', required: true },
			{ id: 'Title', label: 'Job Title:', dataType: 'text', required: false },
		],
	],
]);

/**
 * A smart campaign as the asset API answers it (smart-campaigns.md, getSmartCampaignByName): its
 * own record, not the REST v1 campaign (`isActive`, `parentProgramId`, `workspace`, `folder`).
 */
function assetCampaign(campaign: Row): Row {
	return {
		id: campaign.id,
		name: campaign.name,
		description: campaign.description ?? '',
		createdAt: campaign.createdAt,
		updatedAt: campaign.updatedAt,
		status: campaign.active ? 'Active' : 'Inactive',
		type: campaign.type,
		isSystem: false,
		isActive: campaign.active === true,
		isRequestable: campaign.isRequestable === true,
		isCommunicationLimitEnabled: false,
		qualificationRuleType: 'once',
		...(campaign.programId !== undefined
			? { parentProgramId: campaign.programId, folder: { type: 'Program', id: campaign.programId } }
			: {}),
		workspace: campaign.workspaceName,
	};
}

interface Token {
	name: string;
	type: string;
	value: string;
}

/** A field of a form body; a JSON body (or none) leaves every field blank, as the service reads it. */
function formField(request: SimRequest, name: string): string | undefined {
	const isForm = String(request.headers['content-type'] ?? '').includes(
		'application/x-www-form-urlencoded',
	);
	if (!isForm || typeof request.body !== 'object' || request.body === null) return undefined;
	const value = (request.body as Row)[name];
	return typeof value === 'string' ? value : undefined;
}

const blank = (field: string) => failure('701', `${field} cannot be blank`);

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

export class MarketingPrograms {
	/** Tokens by `Folder:<id>` or `Program:<id>`. */
	readonly tokens = new Map<string, Token[]>([
		[
			'Program:3003',
			[
				{ name: 'Webinar Title', type: 'text', value: 'Product Webinar' },
				{ name: 'Webinar Date', type: 'date', value: '2026-12-10' },
			],
		],
	]);
	/** Samples sent: e-mail id and address. */
	readonly samples: Array<{ emailId: number; emailAddress: string; leadId?: number }> = [];
	/** Programs holding assets the service cannot clone (709). */
	readonly uncloneable = new Set<number>([3006]);
	/** Programs whose next write waits on a lock and answers 719. */
	readonly locked = new Set<number>();
	private nextProgramId = 4001;
	private nextCampaignId = 2501;

	constructor(private readonly host: ProgramsHost) {}

	route(request: SimRequest, key: string): SimResponse | undefined {
		let m: RegExpExecArray | null;
		const q = Object.fromEntries(request.query) as Record<string, string>;
		if (key === 'GET /rest/asset/v1/program/byName.json') {
			if (!q.name) return blank('name');
			const program = this.host.programs.find((p) => p.name === q.name);
			return program ? ok([program], { errors: [], warnings: [] }) : noAssets();
		}
		if (key === 'GET /rest/asset/v1/program/byTag.json') {
			if (!q.tagType) return blank('tagType');
			if (!q.tagValue) return blank('tagValue');
			const rows = this.host.programs.filter((p) =>
				((p.tags ?? []) as Row[]).some((t) => t.tagType === q.tagType && t.tagValue === q.tagValue),
			);
			return page(rows, q);
		}
		if (key === 'POST /rest/asset/v1/programs.json') return this.createProgram(request);
		if ((m = /^POST \/rest\/asset\/v1\/program\/(\d+)\/clone\.json$/.exec(key))) {
			return this.cloneProgram(Number(m[1]), request);
		}
		if ((m = /^POST \/rest\/asset\/v1\/program\/(\d+)\/(approve|unapprove)\.json$/.exec(key))) {
			return this.approveProgram(Number(m[1]), m[2] === 'approve');
		}
		if ((m = /^GET \/rest\/asset\/v1\/folder\/(\d+)\/tokens\.json$/.exec(key))) {
			return this.getTokens(Number(m[1]), q.folderType ?? 'Folder');
		}
		if ((m = /^POST \/rest\/asset\/v1\/folder\/(\d+)\/tokens\.json$/.exec(key))) {
			return this.upsertToken(Number(m[1]), request);
		}
		if ((m = /^POST \/rest\/asset\/v1\/folder\/(\d+)\/tokens\/delete\.json$/.exec(key))) {
			return this.deleteToken(Number(m[1]), request);
		}
		if ((m = /^POST \/rest\/asset\/v1\/email\/(\d+)\/sendSample\.json$/.exec(key))) {
			return this.sendSample(Number(m[1]), request);
		}
		if ((m = /^POST \/rest\/asset\/v1\/email\/(\d+)\/(unapprove|discardDraft)\.json$/.exec(key))) {
			return this.changeEmail(Number(m[1]), m[2]);
		}
		if ((m = /^POST \/rest\/asset\/v1\/email\/(\d+)\/content\/([^/]+)\.json$/.exec(key))) {
			return this.updateSection(Number(m[1]), decodeURIComponent(m[2]), request);
		}
		if (key === 'GET /rest/asset/v1/smartCampaign/byName.json') {
			if (!q.name) return blank('name');
			const campaign = [...this.host.campaigns.values()].find((c) => c.name === q.name);
			return campaign ? ok([assetCampaign(campaign)], { errors: [], warnings: [] }) : noAssets();
		}
		if ((m = /^POST \/rest\/asset\/v1\/smartCampaign\/(\d+)\/clone\.json$/.exec(key))) {
			return this.cloneCampaign(Number(m[1]), request);
		}
		if ((m = /^GET \/rest\/asset\/v1\/form\/(\d+)\/fields\.json$/.exec(key))) {
			const fields = FORMS.get(Number(m[1]));
			return fields ? ok(fields, { errors: [], warnings: [] }) : failure('702', 'Form not found');
		}
		if (key === 'GET /rest/asset/v1/forms.json') {
			if (q.status && q.status !== 'approved' && q.status !== 'draft') {
				return failure('1001', `Invalid value '${q.status}' for status`);
			}
			return page(
				FORM_RECORDS.filter((f) => !q.status || f.status === q.status),
				q,
			);
		}
		if (key === 'POST /rest/v1/leads/submitForm.json') return this.submitForm(request);
		if (key === 'GET /rest/asset/v1/folder/byName.json') {
			if (!q.name) return blank('name');
			const rows = FOLDERS.filter(
				(f) => f.name === q.name && (!q.workspace || f.workspace === q.workspace),
			);
			return rows.length > 0 ? ok(rows.map(folderRecord)) : noAssets();
		}
		if (key === 'GET /rest/asset/v1/folders.json') return this.browseFolders(q);
		if (key === 'GET /rest/asset/v1/channels.json') return page(CHANNELS, q);
		if ((m = /^GET \/rest\/asset\/v1\/folder\/(\d+)\/content\.json$/.exec(key))) {
			return this.folderContent(Number(m[1]), q);
		}
		return undefined;
	}

	/** The folder a form field names: `{"id":15,"type":"Folder"}`, or the error to answer. */
	private folderOf(request: SimRequest): Row | SimResponse {
		const text = formField(request, 'folder');
		if (text === undefined) return blank('folder');
		const folder = parseJson(text) as Row | undefined;
		if (!folder || typeof folder !== 'object' || !Number.isInteger(folder.id)) {
			return failure('1001', `Invalid value '${text}' for folder`);
		}
		if (folder.type === 'Program') {
			const program = this.host.programs.find((p) => p.id === folder.id);
			return program
				? { id: folder.id, type: 'Program', workspace: program.workspace }
				: noFolder();
		}
		if (folder.type !== 'Folder') return failure('711', 'Incompatible folder type');
		const found = FOLDERS.find((f) => f.id === folder.id);
		if (found && isDesignFolder(found)) return failure('711', 'Incompatible folder type');
		return found ? { id: found.id, type: 'Folder', workspace: found.workspace } : noFolder();
	}

	private uniqueName(name: string | undefined): SimResponse | undefined {
		if (!name) return blank('name');
		if (name.length > MAX_NAME) {
			return failure('1001', `name is longer than ${MAX_NAME} characters`);
		}
		if (this.host.programs.some((p) => p.name === name)) {
			return failure('709', `Program name '${name}' is already in use`);
		}
		return undefined;
	}

	private createProgram(request: SimRequest): SimResponse {
		const name = formField(request, 'name');
		const refused = this.uniqueName(name);
		if (refused) return refused;
		const folder = this.folderOf(request);
		if ('status' in folder) return folder as SimResponse;
		const type = formField(request, 'type');
		if (!type) return blank('type');
		const channels = PROGRAM_CHANNELS[type];
		if (!channels) return failure('1001', `Invalid value '${type}' for type`);
		const channel = formField(request, 'channel');
		if (!channel) return blank('channel');
		if (!channels.includes(channel)) {
			return failure('1001', `Invalid channel '${channel}' for program type '${type}'`);
		}
		const tags = parseJsonField(request, 'tags');
		const costs = parseJsonField(request, 'costs');
		if (tags === null) return failure('1001', 'Invalid value for tags');
		if (costs === null) return failure('1001', 'Invalid value for costs');
		const program = this.addProgram({
			name: name!,
			description: formField(request, 'description') ?? '',
			type,
			channel,
			status: type === 'Email' ? 'unlocked' : type === 'Engagement' ? 'off' : '',
			workspace: folder.workspace,
			folder: { type: folder.type, value: folder.id },
			...(tags ? { tags } : {}),
			...(costs ? { costs } : {}),
		});
		return ok([program], { errors: [], warnings: [] });
	}

	private cloneProgram(id: number, request: SimRequest): SimResponse {
		const source = this.host.programs.find((p) => p.id === id);
		if (!source) return failure('702', `Program ${id} not found`);
		if (this.locked.delete(id)) return failure('719', 'Lock wait timeout exceeded');
		const name = formField(request, 'name');
		const refused = this.uniqueName(name);
		if (refused) return refused;
		const folder = this.folderOf(request);
		if ('status' in folder) return folder as SimResponse;
		if (folder.workspace !== source.workspace) {
			return failure('709', 'The target folder is in another workspace');
		}
		if (this.uncloneable.has(id)) {
			return failure('709', 'Program holds assets that cannot be cloned (social, push or reports)');
		}
		const description = formField(request, 'description');
		const program = this.addProgram({
			...source,
			name: name!,
			description: description ?? source.description,
			folder: { type: folder.type, value: folder.id },
			status: source.type === 'Email' ? 'unlocked' : source.status,
		});
		const tokens = this.tokens.get(`Program:${id}`);
		if (tokens)
			this.tokens.set(
				`Program:${program.id}`,
				tokens.map((t) => ({ ...t })),
			);
		return ok([program], { errors: [], warnings: [] });
	}

	private approveProgram(id: number, approve: boolean): SimResponse {
		const program = this.host.programs.find((p) => p.id === id);
		if (!program) return failure('702', `Program ${id} not found`);
		if (program.type !== 'Email') return failure('709', 'Only Email programs can be approved');
		if (approve) {
			if (!program.startDate || !program.endDate) {
				return failure('709', 'The program needs a start and end date before it is approved');
			}
			const email = [...this.host.emails.values()].find(
				(e) => (e.folder as Row)?.value === id && e.approved,
			);
			if (!email) return failure('709', 'The program has no approved email');
			program.status = 'locked';
		} else {
			if (program.status !== 'locked') return failure('709', 'The program is not approved');
			program.status = 'unlocked';
		}
		return ok([{ id }], { errors: [], warnings: [] });
	}

	private addProgram(fields: Row): Row {
		const id = this.nextProgramId++;
		const program = {
			...fields,
			id,
			url: `https://app.example.com/#PG${id}A1`,
			createdAt: '2026-11-01T00:00:00Z+0000',
			updatedAt: '2026-11-01T00:00:00Z+0000',
		};
		this.host.programs.push(program);
		return program;
	}

	/** `Folder:<id>` or `Program:<id>`, or the error when no such folder or program exists. */
	private tokenKey(id: number, folderType: string | undefined): string | SimResponse {
		if (folderType === 'Program') {
			return this.host.programs.some((p) => p.id === id) ? `Program:${id}` : noFolder();
		}
		if (folderType !== undefined && folderType !== 'Folder') {
			return failure('1001', `Invalid value '${folderType}' for folderType`);
		}
		return FOLDERS.some((f) => f.id === id) ? `Folder:${id}` : noFolder();
	}

	private getTokens(id: number, folderType: string): SimResponse {
		const key = this.tokenKey(id, folderType);
		if (typeof key !== 'string') return key;
		const tokens = this.tokens.get(key) ?? [];
		return ok([{ folder: { type: folderType, value: id }, tokens: tokens.map((t) => ({ ...t })) }]);
	}

	private upsertToken(id: number, request: SimRequest): SimResponse {
		const key = this.tokenKey(id, formField(request, 'folderType'));
		if (typeof key !== 'string') return key;
		const name = formField(request, 'name');
		if (!name) return blank('name');
		if (name.length > MAX_TOKEN_NAME) {
			return failure('1001', `Token name is longer than ${MAX_TOKEN_NAME} characters`);
		}
		const type = formField(request, 'type');
		if (!type) return blank('type');
		if (!TOKEN_TYPES.includes(type)) return failure('1001', `Invalid token type '${type}'`);
		const value = formField(request, 'value');
		if (value === undefined) return blank('value');
		if (type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
			return failure('1001', `Invalid date '${value}': use yyyy-mm-dd`);
		}
		if ((type === 'number' || type === 'score') && !Number.isFinite(Number(value))) {
			return failure('1001', `Invalid number '${value}'`);
		}
		const tokens = this.tokens.get(key) ?? [];
		const existing = tokens.find((t) => t.name === name);
		if (existing) Object.assign(existing, { type, value });
		else tokens.push({ name, type, value });
		this.tokens.set(key, tokens);
		const [folderType] = key.split(':');
		return ok([{ folder: { type: folderType, value: id }, tokens: tokens.map((t) => ({ ...t })) }]);
	}

	private deleteToken(id: number, request: SimRequest): SimResponse {
		const key = this.tokenKey(id, formField(request, 'folderType'));
		if (typeof key !== 'string') return key;
		const name = formField(request, 'name');
		if (!name) return blank('name');
		const type = formField(request, 'type');
		if (!type) return blank('type');
		const tokens = this.tokens.get(key) ?? [];
		const at = tokens.findIndex((t) => t.name === name && t.type === type);
		if (at < 0) return failure('702', `Token '${name}' of type '${type}' not found`);
		tokens.splice(at, 1);
		return ok([{ id }]);
	}

	private sendSample(id: number, request: SimRequest): SimResponse {
		const email = this.host.emails.get(id);
		if (!email) return failure('702', 'Email not found');
		const emailAddress = formField(request, 'emailAddress');
		if (!emailAddress) return blank('emailAddress');
		if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emailAddress)) {
			return failure('1001', `Invalid value '${emailAddress}' for emailAddress`);
		}
		const leadId = formField(request, 'leadId');
		if (leadId !== undefined && !/^\d+$/.test(leadId)) {
			return failure('1001', `Invalid value '${leadId}' for leadId`);
		}
		const textOnly = formField(request, 'textOnly');
		if (textOnly !== undefined && textOnly !== 'true' && textOnly !== 'false') {
			return failure('1001', `Invalid value '${textOnly}' for textOnly`);
		}
		this.samples.push({
			emailId: id,
			emailAddress,
			...(leadId ? { leadId: Number(leadId) } : {}),
		});
		return ok([{ id }], { errors: [], warnings: [] });
	}

	private changeEmail(id: number, action: string): SimResponse {
		const email = this.host.emails.get(id);
		if (!email) return failure('702', 'Email not found');
		if (action === 'unapprove') {
			if (!email.approved) return failure('709', 'Cannot unapprove: the email is not approved');
			email.draft ??= email.approved;
			email.approved = undefined;
			email.status = 'draft';
		} else {
			if (!email.draft) return failure('709', 'Cannot discard: the email has no draft');
			if (!email.approved) return failure('709', 'Cannot discard the only version of the email');
			email.draft = undefined;
		}
		return ok([{ id }], { errors: [], warnings: [] });
	}

	private updateSection(id: number, htmlId: string, request: SimRequest): SimResponse {
		const email = this.host.emails.get(id);
		if (!email) return failure('702', 'Email not found');
		const type = formField(request, 'type');
		if (!type) return blank('type');
		if (!['Text', 'DynamicContent', 'Snippet'].includes(type)) {
			return failure('1001', `Invalid value '${type}' for type`);
		}
		const value = formField(request, 'value');
		if (value === undefined) return blank('value');
		if (type !== 'Text' && !/^\d+$/.test(value)) {
			return failure('1001', `Invalid value '${value}' for a ${type} section: an ID is expected`);
		}
		const draft = (email.draft ?? email.approved ?? []).map((s) => ({ ...s }));
		const section = draft.find((s) => s.htmlId === htmlId);
		if (!section) return failure('702', `Section '${htmlId}' not found in the email`);
		if (section.isLocked === true) return failure('709', `Section '${htmlId}' is locked`);
		section.contentType = type;
		section.value = value;
		const textValue = formField(request, 'textValue');
		if (textValue !== undefined) section.textValue = textValue;
		email.draft = draft;
		return ok([{ id }], { errors: [], warnings: [] });
	}

	private cloneCampaign(id: number, request: SimRequest): SimResponse {
		const source = this.host.campaigns.get(id);
		if (!source) return failure('1013', 'Campaign not found');
		const name = formField(request, 'name');
		if (!name) return blank('name');
		const folder = this.folderOf(request);
		if ('status' in folder) return folder as SimResponse;
		const description = formField(request, 'description');
		if (description !== undefined && description.length > MAX_DESCRIPTION) {
			return failure('1001', `description is longer than ${MAX_DESCRIPTION} characters`);
		}
		const campaignId = this.nextCampaignId++;
		const campaign: Row = {
			...source,
			id: campaignId,
			name,
			description: description ?? '',
			active: false,
			...(folder.type === 'Program' ? { programId: folder.id } : {}),
		};
		this.host.campaigns.set(campaignId, campaign);
		return ok([assetCampaign(campaign)], { errors: [], warnings: [] });
	}

	private submitForm(request: SimRequest): SimResponse {
		const body = (typeof request.body === 'object' && request.body ? request.body : {}) as Row;
		const formId = Number(body.formId);
		if (!body.formId) return blank('formId');
		const fields = FORMS.get(formId);
		if (!fields) return failure('702', `Form ${formId} not found`);
		if (body.programId !== undefined) {
			const program = this.host.programs.find((p) => p.id === Number(body.programId));
			if (!program || program.workspace !== 'Default') {
				return failure('1003', 'programId must be a program in the form’s workspace');
			}
		}
		const input = body.input as Row[] | undefined;
		if (!Array.isArray(input) || input.length === 0) return blank('input');
		if (input.length > 1) return failure('1003', 'submitForm takes exactly one record');
		const { visitorData, cookie } = input[0] ?? {};
		const visitorKeys = ['pageURL', 'queryString', 'leadClientIpAddress', 'userAgentString'];
		if (
			visitorData !== undefined &&
			(typeof visitorData !== 'object' ||
				visitorData === null ||
				Object.keys(visitorData).some((k) => !visitorKeys.includes(k)))
		) {
			return failure('1001', 'Invalid value for visitorData');
		}
		if (cookie !== undefined && typeof cookie !== 'string') {
			return failure('1001', 'Invalid value for cookie');
		}
		const record = (input[0]?.leadFormFields ?? {}) as Row;
		if (!record.email) return blank('leadFormFields.email');
		// The REST names of the form's fields: the lead field whose SOAP name is the form field's id.
		const restOf = new Map(this.host.fields.map((f) => [soapName(String(f.name)), f.name]));
		const onForm = new Set(fields.map((f) => restOf.get(String(f.id)) ?? f.id));
		const stray = Object.keys(record).find((name) => !onForm.has(name));
		if (stray) {
			return ok([
				{ status: 'skipped', reasons: [{ code: '1006', message: `Field '${stray}' not found` }] },
			]);
		}
		return ok([this.host.fillOutForm(formId, record)]);
	}

	/**
	 * `folders.json`: the `root` folder (or every workspace's top folders) and what lies below it,
	 * programs included, down to `maxDepth` levels (default 2), then `offset`/`maxReturn`.
	 */
	private browseFolders(q: Record<string, string>): SimResponse {
		const maxDepth = q.maxDepth === undefined ? 2 : Number(q.maxDepth);
		if (!Number.isInteger(maxDepth) || maxDepth < 1) {
			return failure('1003', `Invalid value '${q.maxDepth}' for maxDepth`);
		}
		let roots: Row[];
		if (q.root !== undefined) {
			const root = parseJson(q.root) as Row | undefined;
			if (!root || typeof root !== 'object' || !Number.isInteger(root.id)) {
				return failure('1001', `Invalid value '${q.root}' for root`);
			}
			if (root.type === 'Program') {
				const program = this.host.programs.find((p) => p.id === root.id);
				return program ? page([this.programFolder(program)], q) : noFolder();
			}
			if (root.type !== 'Folder') return failure('711', 'Incompatible folder type');
			roots = FOLDERS.filter((f) => f.id === root.id);
			if (roots.length === 0) return noFolder();
		} else {
			roots = FOLDERS.filter(
				(f) => f.parent === null && (!q.workspace || f.workspace === q.workspace),
			);
		}
		const rows: Row[] = [];
		const walk = (folder: Row, depth: number) => {
			rows.push(folderRecord(folder));
			if (depth >= maxDepth) return;
			for (const child of FOLDERS.filter((f) => f.parent === folder.id)) walk(child, depth + 1);
			for (const program of this.host.programs.filter(
				(p) => (p.folder as Row)?.type === 'Folder' && (p.folder as Row)?.value === folder.id,
			)) {
				rows.push(this.programFolder(program));
			}
		};
		for (const root of roots) walk(root, 0);
		return page(rows, q);
	}

	/** A program as the folder API shows it: a folder of type Program. */
	private programFolder(program: Row): Row {
		const parent = (program.folder ?? {}) as Row;
		return {
			id: program.id,
			name: program.name,
			folderId: { id: program.id, type: 'Program' },
			folderType: 'Program',
			parent: { id: parent.value, type: parent.type },
			path: `${folderPath(Number(parent.value))}/${String(program.name)}`,
			workspace: program.workspace,
		};
	}

	private folderContent(id: number, q: Record<string, string>): SimResponse {
		const type = q.type ?? 'Folder';
		if (type !== 'Folder' && type !== 'Program') {
			return failure('1001', `Invalid value '${type}' for type`);
		}
		if (type === 'Folder' && !FOLDERS.some((f) => f.id === id)) return noFolder();
		if (type === 'Program' && !this.host.programs.some((p) => p.id === id)) return noFolder();
		const programs = this.host.programs
			.filter((p) => (p.folder as Row)?.value === id)
			.map((p) => ({ id: p.id, type: 'Program' }));
		const folders = FOLDERS.filter((f) => f.parent === id).map((f) => ({
			id: f.id,
			type: 'Folder',
		}));
		return page([...folders, ...programs], q);
	}
}

function noAssets(): SimResponse {
	return ok(undefined, { errors: [], warnings: [NO_ASSETS] });
}

function noFolder(): SimResponse {
	return failure('710', 'Parent folder not found');
}

/** A folder of the Design Studio area: it holds design assets only, never a program or a list. */
function isDesignFolder(folder: Row): boolean {
	return folderPath(Number(folder.id)).startsWith('/Design Studio');
}

/** `/Marketing Activities/Webinars`: the names from the workspace's top folder down. */
function folderPath(id: number): string {
	const folder = FOLDERS.find((f) => f.id === id);
	if (!folder) return '';
	return `${folder.parent === null ? '' : folderPath(Number(folder.parent))}/${String(folder.name)}`;
}

function folderRecord(folder: Row): Row {
	return {
		id: folder.id,
		name: folder.name,
		folderId: { id: folder.id, type: 'Folder' },
		folderType: folder.folderType ?? 'Marketing Folder',
		parent: folder.parent === null ? null : { id: folder.parent, type: 'Folder' },
		path: folderPath(Number(folder.id)),
		workspace: folder.workspace,
	};
}

/** A JSON field of a form body: undefined when absent, null when it is not JSON. */
function parseJsonField(request: SimRequest, name: string): unknown {
	const text = formField(request, name);
	if (text === undefined) return undefined;
	return parseJson(text) ?? null;
}

/** `maxReturn` ≤ 200 (default 20) from `offset`; no rows is the "no assets" warning. */
function page(rows: Row[], q: Record<string, string>): SimResponse {
	const max = q.maxReturn === undefined ? 20 : Number(q.maxReturn);
	if (!Number.isInteger(max) || max < 1 || max > 200) {
		return failure('1003', 'maxReturn must be between 1 and 200');
	}
	const offset = q.offset === undefined ? 0 : Number(q.offset);
	if (!Number.isInteger(offset) || offset < 0) return failure('1003', 'Invalid offset');
	const slice = rows.slice(offset, offset + max);
	return slice.length > 0 ? ok(slice, { errors: [], warnings: [] }) : noAssets();
}
