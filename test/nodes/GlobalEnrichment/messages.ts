/** The enrichment node's long expected messages (150 characters or more), named once. */

export const ENRICHMENT_SERVICE_DID_NOT_ACCEPT_API =
	'The enrichment service did not accept the API key (HTTP 401); check the key in the credential. Do not retry: stop and tell the user that the service refused the API key in the credential. What the user can do: Copy the API key again from the service and paste it into the credential; it may have been revoked or mistyped. (request ID global-req-000001).';

export const ENRICHMENT_SERVICE_KEPT_ANSWERING_TOO_MANY =
	'The enrichment service kept answering "too many requests" (HTTP 429) after 5 retries. Retry: call this tool again with the same arguments in 45 seconds (the service\'s own wait); if it fails again, stop and tell the user.';

export const ENRICHMENT_SERVICE_KEPT_ANSWERING_TOO_MANY_2 =
	'The enrichment service kept answering "too many requests" (HTTP 429) after 5 retries. Retry: call this tool again with the same arguments in 60 seconds; if it fails again, stop and tell the user.';

export const ENRICHMENT_SERVICE_MAY_HAVE_RUN_CHARGED =
	"The enrichment service may have run and charged POST /v3/contacts/search-and-enrich: it answered HTTP 502. It was not repeated, so no credit is spent twice. Do not retry: stop and tell the user that the call may have run, so repeating it could do it twice. What the user can do: Check the service's usage or credit history before running this item again. The other items went on.";

export const ENRICHMENT_SERVICE_MAY_HAVE_RUN_CHARGED_2 =
	'The enrichment service may have run and charged POST /v3/contacts/search-and-enrich: it answered HTTP 502. It was not repeated, so no credit is spent twice';

export const ENRICHMENT_SERVICE_REFUSED_POST_V3_CONTACTS =
	'The enrichment service refused POST /v3/contacts/search-and-enrich (HTTP 503): Service Unavailable. Retry: call this tool again with the same arguments in 60 seconds; if it fails again, stop and tell the user.';

export const ENRICHMENT_SERVICE_S_DAILY_REQUEST_QUOTA =
	"The enrichment service's daily request quota of 500 calls is used up (HTTP 429); it resets at the start of the next day. Do not retry: stop and tell the user that the request quota of the service is used up. What the user can do: The node stopped and sent no further calls. Run the workflow again after the daily quota resets, or raise the plan's limit.";

export const ENRICHMENT_SERVICE_S_PER_MINUTE_REQUEST = `The enrichment service's per-minute request quota of 1 calls is used up (HTTP 429); it resets within the minute. Done before it stopped: 1 of 2 items answered (item 0); not done: 1 (item 1) (first not done: item 1 {"email":"contact2@bench.example.com"})`;

export const INDUSTRY_LIST_ON_CONTRACT =
	"Invalid Industry Names or IDs filter in item 0: the service's industry list works with its own API only; on the connection contract type industry names in Industry";

export const MEDIUM_ARGUMENT_SIZES_NOT_CHOICE_COMPANY =
	"'Medium' in the argument 'sizes' is not a choice of Company Size: use Enterprise (5,001+) (5001+), Large (201-1,000) (201-1000), Medium (51-200) (51-200), Micro (1-10) (1-10), Small (11-50) (11-50), Very Large (1,001-5,000) (1001-5000) (several separated by commas). Change the argument 'sizes' and call this tool again.";

export const SERVICE_COULD_NOT_LOOK_UP_CONTACT =
	'The service could not look up the contact of item 1: This contact cannot be returned for compliance reasons (COMPLIANCE_RESTRICTED). Done before it stopped: 2 of 2 items answered (items 0-1); not done: 0 (no items)';

/** Search refusals before any call (searchFilters.ts). */
export const INDUSTRY_NAMES_ON_SERVICE =
	"Invalid Industry filter in item 0: the service's own API takes industry IDs (numbers such as 5, 12), not names";

export const UNKNOWN_SIZE =
	'Invalid Company Size filter in item 0: "Medium" is not a company size; use 5001+, 201-1000, 51-200, 1-10, 11-50, 1001-5000';

/** The service's 402: the account has no credits left. */
export const NO_CREDITS =
	'The enrichment service account has no credits left (HTTP 402): Insufficient credits for this operation; top up the credits';

/** The 402 stopped a bulk enrich of 200 items after the first 100, without Continue On Fail. */
export const NO_CREDITS_AFTER_100_OF_200 = `${NO_CREDITS}. Done before it stopped: 100 of 200 items answered (items 0-99); not done: 100 (items 100-199) (first not done: item 100 {"email":"contact100@bench.example.com"}, item 101 {"email":"contact101@bench.example.com"}, item 102 {"email":"contact102@bench.example.com"})`;

/** A lookup answered with a web page (HTTP 200): it may have run; the Service URL is named. */
export const mayHaveRunWebPage = (serviceUrl: string) =>
	`The enrichment service may have run and charged POST /v3/contacts/search-and-enrich: its answer was a web page, not the JSON the service sends (check the credential's Service URL ${serviceUrl}). It was not repeated, so no credit is spent twice`;

/** The same stop when the free usage call answered: the reset in seconds, then as the model reads it. */
export const dailyQuotaUsedUpResetsIn = (seconds: number, wait: string) =>
	`The enrichment service's daily request quota of 500 calls is used up (HTTP 429); it resets in ${seconds} seconds. Do not retry: stop and tell the user that the request quota of the service is used up. It resets in ${wait}; do not call this tool before then. What the user can do: The node stopped and sent no further calls. Run the workflow again after the daily quota resets, or raise the plan's limit.`;
