/**
 * What Global Enrichment is, in one line, for both of its nodes. n8n's node panel lists the action
 * node and its trigger as one entry and shows the trigger's description on it, so the trigger
 * carries the same line (its signals are listed as the entry's trigger actions).
 */
export const GLOBAL_ENRICHMENT_SUMMARY =
	'Find, enrich (in bulk) and search contacts and companies worldwide by email, profile URL, name or domain, and a trigger on their signals (changed job, promoted, hiring, growing)';
