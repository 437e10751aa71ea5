/**
 * The node's resources and their operations: resource value → union of its operation values. Each
 * operation file declares `export const operation = '…' satisfies MarketingAutomationMap['…']`,
 * and the router's table `satisfies NodeResources<MarketingAutomationMap>`, so a renamed, missing
 * or extra operation fails to compile where it is written.
 */
export type MarketingAutomationMap = {
	activity: 'getEmailBounces' | 'getEmailOpens' | 'getLeadChanges';
	apiCall: 'send';
	bulkExtract: 'cancel' | 'extract' | 'getAll' | 'getFile' | 'getStatus';
	bulkImport: 'getStatus' | 'import';
	campaign: 'activate' | 'deactivate' | 'get' | 'getAll' | 'schedule' | 'trigger';
	company: LeadDatabaseObjectOperation;
	customField: 'create' | 'getAll';
	customObject: LeadDatabaseObjectOperation;
	email: 'approveDraft' | 'getByName' | 'getContent' | 'getPrograms';
	landingPage: 'getStatistics';
	lead: 'createOrUpdate' | 'delete' | 'describe' | 'getAll' | 'getChanges' | 'merge';
	list: 'addLeads' | 'create' | 'delete' | 'getAll' | 'getMembers' | 'removeLeads';
	opportunity: LeadDatabaseObjectOperation;
	opportunityRole: LeadDatabaseObjectOperation;
	program: 'getEmailPrograms' | 'getStatistics';
	programMember: 'createOrUpdate' | 'describe' | 'getAll' | 'setStatus';
	usage: 'get';
};

/** The operations every lead-database object shares (see `leadDatabase/`). */
type LeadDatabaseObjectOperation = 'createOrUpdate' | 'delete' | 'describe' | 'getAll';
