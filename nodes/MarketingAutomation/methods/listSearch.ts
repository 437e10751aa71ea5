import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRead, apiRequest } from '../transport';
import { ASSET_PAGE, LEAD_BATCH } from '../transport/paging';

const matches = (record: IDataObject, filter?: string) =>
	!filter ||
	String(record.name ?? '')
		.toLowerCase()
		.includes(filter.toLowerCase());

const toResults = (records: IDataObject[], filter?: string) =>
	records
		.filter((record) => matches(record, filter))
		.map((record) => ({ name: String(record.name ?? record.id), value: String(record.id) }));

/** One page of a Lead Database list (`nextPageToken`), filtered by name on the client. */
async function searchByToken(
	ctx: ILoadOptionsFunctions,
	path: string,
	filter?: string,
	paginationToken?: string,
	query: IDataObject = {},
): Promise<INodeListSearchResult> {
	const qs: IDataObject = { ...query, batchSize: LEAD_BATCH };
	if (paginationToken) qs.nextPageToken = paginationToken;
	const page = await apiRequest.call(ctx, { method: 'GET', safeToRepeat: true, path, qs });
	return { results: toResults(page.result ?? [], filter), paginationToken: page.nextPageToken };
}

/** One page of an Asset API browse (offset), filtered by name on the client. */
async function searchByOffset(
	ctx: ILoadOptionsFunctions,
	path: string,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const page = await apiRead.call(ctx, path, { qs: { maxReturn: ASSET_PAGE, offset } });
	const result = page.result ?? [];
	return {
		results: toResults(result, filter),
		paginationToken: result.length === ASSET_PAGE ? String(offset + ASSET_PAGE) : undefined,
	};
}

export async function searchCampaigns(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchByToken(this, '/rest/v1/campaigns.json', filter, paginationToken);
}

/**
 * Campaigns that Trigger can run: the service's `isTriggerable` lists only active trigger campaigns
 * whose smart list has the "Campaign is Requested" (web service) trigger. Any other campaign
 * refuses Request Campaign (1003), so the picker does not offer it.
 */
export async function searchTriggerableCampaigns(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchByToken(this, '/rest/v1/campaigns.json', filter, paginationToken, {
		isTriggerable: true,
	});
}

export async function searchLists(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchByToken(this, '/rest/v1/lists.json', filter, paginationToken);
}

export async function searchPrograms(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchByOffset(this, '/rest/asset/v1/programs.json', filter, paginationToken);
}

export async function searchEmails(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchByOffset(this, '/rest/asset/v1/emails.json', filter, paginationToken);
}

/** How deep below the workspaces' top folders the folder picker browses (the service's default is 2). */
const FOLDER_DEPTH = 10;

/** A folder record as a picker entry: name, type and ID shown; the value `Folder:15` or `Program:3002`. */
function folderResult(folder: IDataObject) {
	const ref = (folder.folderId ?? {}) as IDataObject;
	const type = String(ref.type ?? 'Folder');
	const id = String(ref.id ?? folder.id);
	return {
		name: `${String(folder.name ?? id)} (${type.toLowerCase()} ${id})`,
		value: `${type}:${id}`,
	};
}

/**
 * Folders and programs an asset can be put in: a page of `GET /rest/asset/v1/folders.json` (by
 * offset, `maxDepth` deep), filtered by the text typed; on the first page, the folder named exactly
 * that text (`GET /rest/asset/v1/folder/byName.json`) comes first, however deep it is.
 */
export async function searchFolders(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const exact =
		filter && offset === 0
			? ((await apiRead.call(this, '/rest/asset/v1/folder/byName.json', { qs: { name: filter } }))
					.result ?? [])
			: [];
	const page = await apiRead.call(this, '/rest/asset/v1/folders.json', {
		qs: { maxDepth: FOLDER_DEPTH, maxReturn: ASSET_PAGE, offset },
	});
	const result = page.result ?? [];
	const results = [...exact, ...result.filter((folder) => matches(folder, filter))].map(
		folderResult,
	);
	return {
		results: results.filter(
			(entry, at) => results.findIndex((other) => other.value === entry.value) === at,
		),
		paginationToken: result.length === ASSET_PAGE ? String(offset + ASSET_PAGE) : undefined,
	};
}

/** Forms of the instance (`GET /rest/asset/v1/forms.json`, by offset). */
export async function searchForms(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchByOffset(this, '/rest/asset/v1/forms.json', filter, paginationToken);
}

/**
 * The editable sections of the picked email (`GET /rest/asset/v1/email/{id}/content.json`), by
 * HTML ID; none until an email is picked.
 */
export async function searchEmailSections(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const email = String(this.getCurrentNodeParameter('email', { extractValue: true }) ?? '').trim();
	if (!/^\d+$/.test(email)) return { results: [] };
	const answer = await apiRead.call(this, `/rest/asset/v1/email/${email}/content.json`);
	return {
		results: (answer.result ?? [])
			.filter((section) => section.htmlId !== undefined)
			.filter(
				(section) => !filter || String(section.htmlId).toLowerCase().includes(filter.toLowerCase()),
			)
			.map((section) => ({
				// A locked section is refused by the service (709): the name says so up front.
				name: `${String(section.htmlId)}${section.isLocked === true ? ' (locked)' : ''}`,
				value: String(section.htmlId),
			})),
	};
}
