/** The sales-intelligence node's long expected messages (150 characters or more), named once. */

export const BOSS_ARGUMENT_SENIORITY_NOT_CHOICE_SENIORITY =
	"'Boss' in the argument 'seniority' is not a choice of Seniority: use Board Member / Company Director (1), C-Suite / Partner (3), Manager (5), No Data Available (7), Other (6), Owner / Founder (2), VP / Director / Head Of (4) (several separated by commas). Change the argument 'seniority' and call this tool again.";

export const INVALID_ARGUMENT_ABN_ABN_51_824 =
	"Invalid argument 'abn': The ABN \"51 824 753 557\" fails the ABN checksum (a digit is wrong or swapped). Enter the 11-digit ABN exactly as registered (check it on the Australian Business Register). Change the argument 'abn' and call this tool again.";

export const INVALID_COMPANY_FILTER_ITEM_0_SERVICE =
	'Invalid Company filter in item 0: the service\'s own API takes the company\'s ID (such as f000000117274), not "Kookaburra Retail"; get the ID from Company → Enrich';

export const INVALID_LOCATION_FILTER_ITEM_0_SERVICE =
	"Invalid Location filter in item 0: the service's own search filters by country only and its results carry no state or region, so AU-NSW, AU-VIC would return people from the whole country; choose Australia or New Zealand (all), or use the connection contract";

export const NO_PERSON_MATCHES_ITEM_1_DONE =
	'No person matches item 1. Done before it stopped: 2 of 3 items answered (items 0-1); not done: 1 (item 2) (first not done: item 2 {"networkSlug":"tom-nguyen"})';

export const SALES_INTELLIGENCE_SERVICE_DID_NOT_ACCEPT =
	'The sales-intelligence service did not accept the API key (HTTP 401); check the key in the credential. Do not retry: stop and tell the user that the service refused the API key in the credential. What the user can do: Copy the API key again from the service and paste it into the credential; it may have been revoked or mistyped. (request ID anz-req-000001).';

export const SALES_INTELLIGENCE_SERVICE_KEPT_ANSWERING_TOO =
	'The sales-intelligence service kept answering "too many requests" (HTTP 429) after 5 retries. Retry: call this tool again with the same arguments in 30 seconds (the service\'s own wait); if it fails again, stop and tell the user.';

export const SALES_INTELLIGENCE_SERVICE_KEPT_ANSWERING_TOO_2 =
	'The sales-intelligence service kept answering "too many requests" (HTTP 429) after 5 retries. Retry: call this tool again with the same arguments in 60 seconds; if it fails again, stop and tell the user.';

export const SALES_INTELLIGENCE_SERVICE_REFUSED_GET_COMPANY =
	'The sales-intelligence service refused GET /company (HTTP 503): Service Unavailable. Retry: call this tool again with the same arguments in 60 seconds; if it fails again, stop and tell the user.';

export const SALES_INTELLIGENCE_SERVICE_S_DAILY_REQUEST =
	"The sales-intelligence service's daily request quota of 1000 calls is used up (HTTP 429); it resets in 3600 seconds. Do not retry: stop and tell the user that the request quota of the service is used up. It resets in 60 minutes; do not call this tool before then. What the user can do: The node stopped and sent no further calls. Run the workflow again after the daily quota resets, or raise the plan's limit.";

export const SALES_INTELLIGENCE_SERVICE_S_DAILY_REQUEST_2 = `The sales-intelligence service's daily request quota of 1 calls is used up (HTTP 429); it resets at the start of the next day. Done before it stopped: 1 of 2 items answered (item 0); not done: 1 (item 1) (first not done: item 1 {"networkSlug":"liam-oconnor"})`;

export const SERVICE_FOUND_NO_PERSON_NETWORKSLUG_NO =
	'The service found no person for {"networkSlug":"no-such-person"}. Turn off "Error on No Match" to get an item with "found: false" instead. The answered items were paid for; turn on Continue On Fail to get their results next time. To finish this run without paying twice, run only the items not done (item 2), for example with a filter on their item numbers.';

/** The service's 402: the account has no credits left. */
export const NO_CREDITS =
	'The sales-intelligence service account has no credits left (HTTP 402): Insufficient credits for this operation; top up the credits';

/** The 402 stopped the run after item 0 of 3, without Continue On Fail. */
export const NO_CREDITS_AFTER_ITEM_0_OF_3 = `${NO_CREDITS}. Done before it stopped: 1 of 3 items answered (item 0); not done: 2 (items 1-2) (first not done: item 1 {"networkSlug":"aroha-walker"}, item 2 {"networkSlug":"tom-nguyen"})`;
