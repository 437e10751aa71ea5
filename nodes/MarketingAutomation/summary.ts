/**
 * What Marketing Automation is, in one line, for both of its nodes. n8n's node panel lists the
 * action node and its trigger as one entry and shows the trigger's description on it, so the
 * trigger carries the same line (its events are listed as the entry's trigger actions).
 */
export const MARKETING_AUTOMATION_SUMMARY =
	'Leads and the lead database (companies, opportunities, custom objects, program members), bulk import and extract jobs, campaigns, lists, emails and activities of a marketing-automation service, and a trigger on its activity log';
