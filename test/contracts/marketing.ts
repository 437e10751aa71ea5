/**
 * The marketing service's contract (simulator module `marketing`): its identity endpoint, Lead
 * Database, Asset and bulk APIs as every node, method and trigger calls them. The entries live by
 * area in `marketingLeads.ts`, `marketingObjects.ts`, `marketingAssets.ts` and `marketingBulk.ts`.
 */
import { assetEndpoints } from './marketingAssets';
import { bulkEndpoints } from './marketingBulk';
import { leadEndpoints } from './marketingLeads';
import { objectEndpointsAll } from './marketingObjects';
import type { ServiceContract } from './types';

const DOCS = 'AdobeDocs/marketo-developer.en help/rest-api/';

export const marketingContract: ServiceContract = {
	service: 'marketing',
	prefix: '',
	documents: {
		auth: `${DOCS}authentication.md (identity endpoint); reference/marketing-service.md §2`,
		leads: `${DOCS}leads.md and the Lead Database swagger (swagger-mapi.json), reference/marketing-service.md §4`,
		fields: `${DOCS}fields.md (lead field schema)`,
		activities: `${DOCS}activities.md and swagger-mapi.json`,
		campaigns: `${DOCS}smart-campaigns.md (REST v1 campaigns) and swagger-mapi.json`,
		lists: `${DOCS}static-lists.md and list-membership.md`,
		usage: `${DOCS}usage.md`,
		objects: `${DOCS}companies.md, opportunities.md, opportunity-roles.md, named-accounts.md, named-account-lists.md, custom-objects.md; reference/marketing-bulk-and-objects.md §5`,
		members: `${DOCS}program-members.md`,
		programs: `${DOCS}programs.md and the Asset swagger (swagger-asset.json)`,
		tokens: `${DOCS}tokens.md`,
		folders: `${DOCS}folders.md`,
		channels: `${DOCS}channels.md`,
		emails: `${DOCS}emails.md`,
		smartCampaigns: `${DOCS}smart-campaigns.md (asset API)`,
		staticLists: `${DOCS}static-lists.md (asset API)`,
		forms: `${DOCS}forms.md`,
		leadImport: `${DOCS}bulk-lead-import.md; reference/marketing-bulk-and-objects.md §1`,
		memberImport: `${DOCS}bulk-program-member-import.md; reference/marketing-bulk-and-objects.md §2`,
		leadExport: `${DOCS}bulk-lead-extract.md; reference/marketing-bulk-and-objects.md §3`,
		activityExport: `${DOCS}bulk-activity-extract.md`,
		memberExport: `${DOCS}bulk-program-member-extract.md`,
	},
	endpoints: [...leadEndpoints, ...objectEndpointsAll, ...assetEndpoints, ...bulkEndpoints],
};
