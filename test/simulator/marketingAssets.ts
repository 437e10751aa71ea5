/**
 * Lead delete / merge / describe, static list create / delete, smart campaign activate /
 * deactivate and API usage of the simulated marketing service (reference:
 * ../../../shared/reference/marketing-bulk-and-objects.md §5).
 */
import type { SimRequest, SimResponse } from './server';
import { failure, ok, soapName, type Row } from './marketingObjects';

/** What this module needs of the service it is part of. */
export interface AssetsHost {
	leads: Map<number, Row>;
	fields: Row[];
	lists: Map<number, Row & { members: Set<number> }>;
	campaigns: Map<number, Row>;
	programs: Row[];
	counters: { executed: number };
	/** Drops a lead from the e-mail index (the lead itself is deleted by the caller). */
	unindexEmail(lead: Row): void;
}

const FOLDERS: Row[] = [
	{
		id: 15,
		name: 'Marketing Activities',
		folderId: { id: 15, type: 'Folder' },
		folderType: 'Marketing Folder',
		path: '/Marketing Activities',
	},
	{
		id: 16,
		name: 'Lists',
		folderId: { id: 16, type: 'Folder' },
		folderType: 'Marketing Folder',
		path: '/Marketing Activities/Lists',
	},
];
const MAX_MERGE_LOSERS = 25;
const today = () => new Date().toISOString().slice(0, 10);

export class MarketingAssets {
	/** Lists used by a smart list, import or export: deleting them answers 709. */
	readonly listsInUse = new Set<number>([1002]);
	/** Merges done: winner and losers. */
	readonly merges: Array<{ winner: number; losers: number[]; mergeInCRM: boolean }> = [];

	constructor(private readonly host: AssetsHost) {}

	route(request: SimRequest, key: string): SimResponse | undefined {
		let m: RegExpExecArray | null;
		if (key === 'POST /rest/v1/leads/delete.json') return this.deleteLeads(request);
		if ((m = /^POST \/rest\/v1\/leads\/(\d+)\/merge\.json$/.exec(key))) {
			return this.merge(Number(m[1]), request);
		}
		if (key === 'GET /rest/v1/leads/describe.json') return this.describeLeads();
		if (key === 'POST /rest/asset/v1/staticLists.json') return this.createList(request);
		if ((m = /^POST \/rest\/asset\/v1\/staticList\/(\d+)\/delete\.json$/.exec(key))) {
			return this.deleteList(Number(m[1]));
		}
		if (
			(m = /^POST \/rest\/asset\/v1\/smartCampaign\/(\d+)\/(activate|deactivate)\.json$/.exec(key))
		) {
			return this.switchCampaign(Number(m[1]), m[2] === 'activate');
		}
		if (key === 'GET /rest/v1/stats/usage.json')
			return ok([this.usageOf(today(), this.host.counters.executed)]);
		if (key === 'GET /rest/v1/stats/usage/last7days.json') {
			const days = Array.from({ length: 7 }, (_v, i) => {
				const date = new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10);
				return this.usageOf(date, i === 0 ? this.host.counters.executed : 1000 + i * 111);
			});
			return ok(days);
		}
		return undefined;
	}

	private usageOf(date: string, total: number): Row {
		const mine = Math.ceil(total / 2);
		return {
			date,
			total,
			users: [
				{ userId: 'api-user@example.com', count: mine },
				{ userId: 'sync-user@example.com', count: total - mine },
			],
		};
	}

	private deleteLeads(request: SimRequest): SimResponse {
		const fromBody = ((request.body as Row | undefined)?.input ?? []) as Row[];
		const ids =
			Array.isArray(fromBody) && fromBody.length > 0
				? fromBody.map((r) => Number(r?.id))
				: (request.query.get('id') ?? '').split(',').filter(Boolean).map(Number);
		if (ids.length === 0) return failure('701', 'id cannot be blank');
		if (ids.length > 300) return failure('1003', 'At most 300 ids per call');
		return ok(
			ids.map((id) => {
				const lead = this.host.leads.get(id);
				if (!lead)
					return { id, status: 'skipped', reasons: [{ code: '1004', message: 'Lead not found' }] };
				this.host.leads.delete(id);
				this.host.unindexEmail(lead);
				for (const list of this.host.lists.values()) list.members.delete(id);
				return { id, status: 'deleted' };
			}),
		);
	}

	private merge(winnerId: number, request: SimRequest): SimResponse {
		const single = request.query.get('leadId');
		const many = request.query.get('leadIds');
		const losers = (many ?? single ?? '').split(',').filter(Boolean).map(Number);
		if (losers.length === 0) return failure('701', 'leadId cannot be blank');
		if (losers.length > MAX_MERGE_LOSERS) {
			return failure('1080', `Merge Leads accepts at most ${MAX_MERGE_LOSERS} leadIds`);
		}
		const winner = this.host.leads.get(winnerId);
		if (!winner) return failure('1004', `Lead '${winnerId}' not found`);
		const missing = losers.find((id) => !this.host.leads.has(id) || id === winnerId);
		if (missing !== undefined) return failure('1004', `Lead '${missing}' not found`);
		for (const id of losers) {
			const loser = this.host.leads.get(id)!;
			for (const [field, value] of Object.entries(loser)) {
				if (winner[field] === undefined || winner[field] === null || winner[field] === '')
					winner[field] = value;
			}
			this.host.leads.delete(id);
			this.host.unindexEmail(loser);
		}
		this.merges.push({
			winner: winnerId,
			losers,
			mergeInCRM: request.query.get('mergeInCRM') === 'true',
		});
		return ok(undefined);
	}

	private describeLeads(): SimResponse {
		return ok(
			this.host.fields.map((f, index) => {
				const name = String(f.name);
				const row: Row = {
					id: index + 1,
					displayName: f.displayName,
					dataType: f.dataType,
					rest: { name, readOnly: f.updateable === false },
					soap: {
						name: soapName(name),
						readOnly: f.updateable === false,
					},
				};
				if (f.length !== undefined) row.length = f.length;
				return row;
			}),
		);
	}

	private createList(request: SimRequest): SimResponse {
		if (
			!String(request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')
		) {
			return failure('612', 'Invalid Content Type');
		}
		const form = (request.body ?? {}) as Row;
		const name = String(form.name ?? '').trim();
		if (!name) return failure('701', 'name cannot be blank');
		if (!form.folder) return failure('701', 'folder cannot be blank');
		let folder: Row;
		try {
			folder = JSON.parse(String(form.folder)) as Row;
		} catch {
			return failure('1001', 'Invalid folder');
		}
		const id = Number(folder.id);
		const program = this.host.programs.find((p) => p.id === id);
		const found =
			folder.type === 'Program'
				? program
				: folder.type === 'Folder'
					? FOLDERS.find((f) => f.id === id)
					: undefined;
		if (!found) return failure('710', 'Parent folder not found');
		const programName = folder.type === 'Program' ? String(program?.name) : '';
		if (
			[...this.host.lists.values()].some((l) => l.name === name && l.programName === programName)
		) {
			return failure('709', `Static List name '${name}' already exists`);
		}
		const newId = Math.max(1000, ...this.host.lists.keys()) + 1;
		const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
		const description = String(form.description ?? '');
		this.host.lists.set(newId, {
			id: newId,
			name,
			description,
			programName,
			workspaceName: 'Default',
			createdAt: now,
			updatedAt: now,
			members: new Set<number>(),
		});
		return ok(
			[
				{
					id: newId,
					name,
					description,
					folder: { id, type: folder.type },
					createdAt: now,
					updatedAt: now,
					workspace: 'Default',
				},
			],
			{ errors: [], warnings: [] },
		);
	}

	private deleteList(id: number): SimResponse {
		if (!this.host.lists.has(id)) return failure('702', 'Static List not found');
		if (this.listsInUse.has(id))
			return failure('709', 'Static List is in use and cannot be deleted');
		this.host.lists.delete(id);
		return ok([{ id }], { errors: [], warnings: [] });
	}

	private switchCampaign(id: number, active: boolean): SimResponse {
		const campaign = this.host.campaigns.get(id);
		if (!campaign) return failure('702', 'Smart Campaign not found');
		if (campaign.type !== 'trigger') {
			return failure('709', `Cannot ${active ? 'activate' : 'deactivate'} a batch smart campaign`);
		}
		// A trigger campaign is activated only with a trigger and a flow step (`triggers` and
		// `flowSteps` are counts; absent means it has them).
		if (active && (campaign.triggers === 0 || campaign.flowSteps === 0)) {
			return failure(
				'709',
				'Smart campaign cannot be activated: it needs at least one trigger and one flow step',
			);
		}
		campaign.active = active;
		return ok([{ id }], { errors: [], warnings: [] });
	}
}
