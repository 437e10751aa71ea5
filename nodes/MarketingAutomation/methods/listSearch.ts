import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRead } from '../transport';
import { ASSET_PAGE, LEAD_BATCH } from '../transport/paging';

const matches = (record: IDataObject, filter?: string) =>
	!filter ||
	String(record.name ?? '')
		.toLowerCase()
		.includes(filter.toLowerCase());

/** Picker entries named by the record's name, or (`withId`) by its name with its ID beside it. */
const toResults = (records: IDataObject[], filter?: string, withId = false) =>
	records
		.filter((record) => matches(record, filter))
		.map((record) => {
			const id = String(record.id);
			const name = record.name === undefined ? id : String(record.name);
			return { name: withId && name !== id ? `${name} (${id})` : name, value: id };
		});

/** A picker's search: one page of a Lead Database list (`nextPageToken`), filtered by name. */
function searchByToken(path: string, query: IDataObject = {}) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const qs: IDataObject = { ...query, batchSize: LEAD_BATCH };
		if (paginationToken) qs.nextPageToken = paginationToken;
		const page = await apiRead.call(this, path, { qs });
		return { results: toResults(page.result ?? [], filter), paginationToken: page.nextPageToken };
	};
}

/** A picker's search: one page of an Asset API browse (offset), filtered by name. */
function searchByOffset(path: string, withId = false) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const offset = Number(paginationToken ?? 0) || 0;
		const page = await apiRead.call(this, path, { qs: { maxReturn: ASSET_PAGE, offset } });
		const result = page.result ?? [];
		return {
			results: toResults(result, filter, withId),
			paginationToken: result.length === ASSET_PAGE ? String(offset + ASSET_PAGE) : undefined,
		};
	};
}

export const searchCampaigns = searchByToken('/rest/v1/campaigns.json');

/**
 * Campaigns that Trigger can run: the service's `isTriggerable` lists only active trigger campaigns
 * whose smart list has the "Campaign is Requested" (web service) trigger. Any other campaign
 * refuses Request Campaign (1003), so the picker does not offer it.
 */
export const searchTriggerableCampaigns = searchByToken('/rest/v1/campaigns.json', {
	isTriggerable: true,
});

export const searchLists = searchByToken('/rest/v1/lists.json');

export const searchPrograms = searchByOffset('/rest/asset/v1/programs.json');

export const searchEmails = searchByOffset('/rest/asset/v1/emails.json');

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

/** The folder types of the Design Studio area: each holds its own design asset only. */
const DESIGN_FOLDER_TYPES = new Set([
	'email',
	'email template',
	'landing page',
	'landing page template',
	'snippet',
	'image',
	'file',
]);

/**
 * Whether a folder record can hold a program, list, campaign or tokens: a Marketing Activities
 * folder or a program, not a Design Studio folder (its `path` starts with the area's name and
 * its `folderType` names its design asset) nor an archived one. The service refuses those (711).
 */
function holdsMarketingAssets(folder: IDataObject): boolean {
	if (folder.isArchive === true) return false;
	if (String(folder.path ?? '').startsWith('/Design Studio')) return false;
	return !DESIGN_FOLDER_TYPES.has(String(folder.folderType ?? '').toLowerCase());
}

const isProgram = (folder: IDataObject) =>
	String(((folder.folderId ?? {}) as IDataObject).type ?? '').toLowerCase() === 'program';

/**
 * A folder picker's search, offering only the folders `accepts` lets through: a page of
 * `GET /rest/asset/v1/folders.json` (by offset, `maxDepth` deep), filtered by the text typed; on
 * the first page, the folder named exactly that text (`GET /rest/asset/v1/folder/byName.json`)
 * comes first, however deep it is.
 */
function searchFoldersWhere(accepts: (folder: IDataObject) => boolean) {
	return async function (
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
		const results = [...exact, ...result.filter((folder) => matches(folder, filter))]
			.filter(accepts)
			.map(folderResult);
		return {
			results: results.filter(
				(entry, at) => results.findIndex((other) => other.value === entry.value) === at,
			),
			paginationToken: result.length === ASSET_PAGE ? String(offset + ASSET_PAGE) : undefined,
		};
	};
}

/** Folders and programs a list, a campaign or tokens can be put in. */
export const searchFolders = searchFoldersWhere(holdsMarketingAssets);

/** Folders a program can be put in: marketing folders only (a program never holds a program). */
export const searchProgramFolders = searchFoldersWhere(
	(folder) => holdsMarketingAssets(folder) && !isProgram(folder),
);

/** Forms of the instance (`GET /rest/asset/v1/forms.json`, by offset), each with its ID. */
export const searchForms = searchByOffset('/rest/asset/v1/forms.json', true);

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
