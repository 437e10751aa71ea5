import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { PAGE_SIZE } from '../helpers/paging';
import { credentialProjectOf } from '../transport';
import { listAgents } from '../transport/agents';
import { listApiKeys, listInvites, listUsers, projectsPage } from '../transport/directory';
import { listTools } from '../transport/tools';
import { listKnowledgeSets, listWorkforces } from '../transport/work';

/**
 * "From list" of the agent, tool and project pickers: one page at a time, filtered by name or ID on
 * the client. Each entry shows its ID beside its name: two records of one name stay apart.
 */

type PageReader = (
	ctx: ILoadOptionsFunctions,
	page: number,
	pageSize: number,
) => Promise<IDataObject[]>;

async function search(
	ctx: ILoadOptionsFunctions,
	readPage: PageReader,
	naming: { id: string; name: string },
	filter?: string,
	paginationToken?: string,
	mark?: { id: string; words: string },
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1) || 1;
	const records = await readPage(ctx, page, PAGE_SIZE);
	const wanted = filter?.trim().toLowerCase();
	const results = records
		.map((record) => {
			const id = String(record[naming.id]);
			const name = record[naming.name] ? `${String(record[naming.name])} (${id})` : id;
			return { name: id === mark?.id ? `${name}, ${mark.words}` : name, value: id };
		})
		.filter((entry) => !wanted || entry.name.toLowerCase().includes(wanted))
		.sort((a, b) => a.name.localeCompare(b.name));
	return {
		results,
		paginationToken: records.length === PAGE_SIZE ? String(page + 1) : undefined,
	};
}

/**
 * A picker's search: the pages `readPage` reads, each record shown by `naming`; `markOf` names the
 * entry to mark, with the words it gets.
 */
function searchOf(
	naming: { id: string; name: string },
	readPage: PageReader,
	markOf?: (ctx: ILoadOptionsFunctions) => Promise<{ id: string; words: string }>,
) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const mark = await markOf?.(this);
		return await search(this, readPage, naming, filter, paginationToken, mark);
	};
}

export const searchAgents = searchOf({ id: 'agent_id', name: 'name' }, listAgents);

export const searchTools = searchOf({ id: 'studio_id', name: 'title' }, listTools);

export const searchWorkforces = searchOf({ id: 'workforce_id', name: 'name' }, listWorkforces);

/** Knowledge tables are named by their name: the list shows it alone. */
export const searchKnowledgeSets = searchOf(
	{ id: 'knowledge_set', name: 'knowledge_set_name' },
	listKnowledgeSets,
);

/** The projects the key can see (its organization's), for the Project field of invites and users. */
export const searchProjects = searchOf(
	{ id: 'project_id', name: 'name' },
	async (ctx, page, pageSize) => (await projectsPage(ctx, page, pageSize, 0)).rows,
	// Leaving the field empty acts on this one: the list says which it is.
	async (ctx) => ({ id: await credentialProjectOf(ctx), words: "the credential's project" }),
);

/** The Project field's value where the operation has one, else the credential's project. */
function pickedProject(ctx: ILoadOptionsFunctions): string | undefined {
	const value = ctx.getCurrentNodeParameter('project', { extractValue: true });
	const project = typeof value === 'string' ? value.trim() : '';
	return project && !project.startsWith('=') ? project : undefined;
}

/** The users of the project (the Project field's, or the credential's), by email. */
export const searchUsers = searchOf(
	{ id: '_id', name: 'email' },
	async (ctx, page, pageSize) =>
		await listUsers(ctx, page, pageSize, undefined, 0, pickedProject(ctx)),
);

/** The pending invites of the project, by email (one call: the platform does not page them). */
export const searchInvites = searchOf({ id: '_id', name: 'email' }, async (ctx, page) =>
	page === 1 ? await listInvites(ctx, 0, pickedProject(ctx)) : [],
);

/** The API keys of the user picked in User ID, by label. */
export async function searchApiKeys(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const user = this.getCurrentNodeParameter('userId', { extractValue: true });
	const userId = typeof user === 'string' ? user.trim() : '';
	if (!userId || userId.startsWith('=')) return { results: [] };
	return await search(
		this,
		async (ctx, page) => (page === 1 ? await listApiKeys(ctx, userId, 0) : []),
		{ id: '_id', name: 'label' },
		filter,
		paginationToken,
	);
}
