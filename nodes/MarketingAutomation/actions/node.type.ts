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
	campaign: 'get' | 'getAll' | 'schedule' | 'trigger';
	customField: 'create' | 'getAll';
	email: 'approveDraft' | 'getByName' | 'getContent' | 'getPrograms';
	landingPage: 'getStatistics';
	lead: 'createOrUpdate' | 'getAll' | 'getChanges';
	list: 'addLeads' | 'getAll' | 'getMembers' | 'removeLeads';
	program: 'getEmailPrograms' | 'getStatistics';
};
