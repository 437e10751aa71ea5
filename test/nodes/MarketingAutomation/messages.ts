/**
 * The Marketing Automation node's long expected texts (150 characters or more), declared once and
 * named for what they say, so a test body reads as what it checks. Texts that vary with a call or
 * an item are functions of those values; texts checked by pattern are regular expressions.
 */

// API Call

/** API Call refuses an endpoint that could leave the service's path. */
export const ENDPOINT_DOT_SEGMENT_REFUSED =
	'Endpoint refused in item 0: The endpoint contains a dot segment ("." or "..", in any encoding), an empty segment or an encoded slash, which could leave the service path';

// Campaign → Trigger

/** The error of item `item`, the only item of call `item + 1` of 3, for a campaign the API may not request. */
export const campaignNotRequestable = (campaignId: number, item: number) =>
	`Campaign ${campaignId} cannot be requested (1003): only active trigger campaigns can be requested; use Schedule for batch campaigns [call ${item + 1} of 3, item ${item}; the items of the other calls have their own results]`;

/** The fix for a campaign the API may not request, then the service's answer with its request ID. */
export const campaignNotRequestableDescription = (campaignId: number, serviceMessage: string) =>
	new RegExp(
		`^Pick an active trigger campaign whose smart list has the "Campaign is Requested" \\(web service API\\) trigger, activate the campaign in the service, or run a batch campaign with Campaign → Schedule\\. The service answered error 1003 to POST /rest/v1/campaigns/${campaignId}/trigger\\.json \\(request [^)]+\\): ${serviceMessage}$`,
	);

/** 300 leads in 3 calls, the second refused (1004): what was requested and what not. */
export const TRIGGER_SECOND_CALL_REFUSED =
	/^.+ \[call 2 of 3 failed: 200 of 300 leads requested \(lead IDs 1, 2, 3, 4, 5 and 195 more; items 0 to 99, 200 to 299\), 100 not requested \(lead IDs 101, 102, 103, 104, 105 and 95 more; items 100 to 199\)\]$/;

/** 300 leads in 3 calls, the third one's answer lost (502 after sending): its leads may have run. */
export const TRIGGER_THIRD_CALL_MAY_HAVE_RUN =
	/ \[call 3 of 3 failed: 200 of 300 leads requested \(lead IDs 1, 2, 3, 4, 5 and 195 more; items 0 to 199\), 0 not requested, 100 may have been requested \(lead IDs 201, 202, 203, 204, 205 and 95 more; items 200 to 299\)\]$/;

/** The fix when a call's leads may have run: check them before re-running their items. */
export const TRIGGER_THIRD_CALL_MAY_HAVE_RUN_FIX =
	/^Every other lead has been requested; do not re-run the other items\. Check in the service whether the leads of the failed call ran through the campaign before re-running items 200 to 299\./;

/** With Continue On Fail: the items of the second of 3 trigger calls, which failed with a 502. */
export const TRIGGER_SECOND_CALL_502 =
	'The call POST /rest/v1/campaigns/2001/trigger.json failed (HTTP 502) and may have run; it was not repeated [call 2 of 3, items 100 to 199; the items of the other calls have their own results]';

// The failure model

/** The description of a call that is not safe to repeat and whose answer broke after sending. */
export const MAY_HAVE_RUN_DESCRIPTION =
	'The service may have executed the call before the answer broke. It changes data and is not safe to send twice, so check in the service whether it took effect before running it again.';

// The node as an AI agent's tool

/** Lead → Create or Update as a tool: the model sent a string for the `lead` argument. */
export const LEAD_ARGUMENT_NOT_AN_OBJECT =
	'The argument \'lead\' is "ana@example.com", not a JSON object of lead fields: send e.g. {"email": "ana@example.com", "firstName": "Ana"}. Change the argument \'lead\' and call this tool again.';

/** Lead → Create or Update as a tool: the model sent the lead's fields as separate arguments. */
export const LEAD_ARGUMENT_MISSING =
	'The argument \'lead\' is missing or has no fields: send the lead\'s fields inside \'lead\' as one JSON object, e.g. {"lead": {"email": "ana@example.com", "firstName": "Ana"}}, not as separate arguments. Change the argument \'lead\' and call this tool again.';

/** Lead → Create or Update as a tool: the `lead` argument has no lookup field. */
export const LEAD_ARGUMENT_WITHOUT_EMAIL =
	"The argument 'lead' has no \"email\" field, which identifies the lead: add it to the lead object. Change the argument 'lead' and call this tool again.";

/** Lead → Create or Update as a tool with Lead (From the Model) cleared: only the user can fix it. */
export const NO_LEAD_FIELDS_TO_SEND =
	"This call has no lead fields to send. Do not retry: stop and tell the user that the node's own settings need a change. What the user can do: Map the item to lead fields, e.g. email, firstName, lastName.";

/** Lead → Get Many as a tool: the model's `emails` argument holds an invalid address. */
export const EMAILS_ARGUMENT_INVALID =
	"\"ana at example\" in the argument 'emails' is not a valid email address: send email addresses separated by commas, e.g. ana@example.com, bob@example.com. Change the argument 'emails' and call this tool again.";

/** Company → Create or Update as a tool (v2): the model's record lacks the dedupe key. */
export const COMPANY_RECORD_WITHOUT_KEY =
	"This call has no value for externalCompanyId, which companies are matched on. Add the argument 'record.externalCompanyId' and call this tool again.";

/** Bulk Import → Get Status as a tool: the model's batch ID is not a number. */
export const BATCH_ID_ARGUMENT_NOT_A_NUMBER =
	"The batch ID 'batch twelve' is not a whole number. Change the argument 'Batch_ID' and call this tool again.";

/** Company → Create or Update as a tool (v2): the model's record is a string, not an object. */
export const COMPANY_RECORD_NOT_AN_OBJECT =
	'The record is "Example Inc", not an object of field names and values. Change the argument \'record\' and call this tool again.';

/** A tool's answer to the service's rate limit (606): retry after the service's own wait. */
export const TOOL_RATE_LIMITED_606 =
	"The service refused the call (606): Max rate limit '100' exceeded with in '20' secs. Retry: call this tool again with the same arguments in 1 second (the service's own wait); if it fails again, stop and tell the user.";

/** A tool's answer to HTTP 429 without a wait: retry in a minute. */
export const TOOL_TOO_MANY_REQUESTS_429 =
	'The call GET /rest/v1/leads.json failed (HTTP 429): The service is receiving too many requests from you. Retry: call this tool again with the same arguments in 60 seconds; if it fails again, stop and tell the user.';

/** A tool's answer to HTTP 503: retry later. */
export const TOOL_SERVICE_UNAVAILABLE_503 =
	'The call GET /rest/v1/leads.json failed (HTTP 503): Service unavailable - try again later or consider setting this node to retry automatically (in the node settings). Retry: call this tool again with the same arguments in 60 seconds; if it fails again, stop and tell the user.';

/** A tool's answer to the daily quota (607) on 2026-11-25: stop, and not before the reset. */
export const TOOL_DAILY_QUOTA_607 =
	'Daily API quota reached (607): Daily quota reached. Do not retry: stop and tell the user that the request quota of the service is used up. It resets at 2026-11-26T06:00Z; do not call this tool before then. What the user can do: The daily API quota of the instance is used up; it resets at 12:00 AM US Central time. No further calls were made.';

/** A tool's answer when the identity endpoint refuses the client secret: fix the credential. */
export const TOOL_CLIENT_SECRET_REFUSED =
	'Could not get an access token: The identity endpoint refused the client ID or secret (HTTP 401). Do not retry: stop and tell the user that the service refused the API key in the credential. What the user can do: Check the client ID, client secret and REST endpoint URL in the credential (admin page "Web Services"), and that the API-only user is active.';

// Bulk Import → Import

/** The fix after an upload with no clear answer: look for the queued job before running again. */
export const BULK_IMPORT_MAY_BE_QUEUED_FIX =
	"Sending it again could import these rows twice. Check the instance's bulk import jobs (Bulk Import → Get Status with the batch IDs that follow the last one you know) for a job of 1 rows named leads-1.csv before running the node again.";

/** The fix after the service refused a file as too large (413). */
export const BULK_IMPORT_TOO_LARGE_FIX =
	'The service takes files of at most 10 MB per import call; this node cuts files at 9.8 MB. Check that the file is a plain CSV, TSV or SSV file, then run the node again.';
