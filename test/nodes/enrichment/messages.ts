/** The shared enrichment client's long expected messages (150 characters or more), named once. */

export const ADDRESS_HTTPS_API_EXAMPLE_TEST_DID =
	"The address https://api.example.test did not answer over HTTPS (EPROTO): it probably serves plain HTTP. If it does, enter http://api.example.test in the credential's Service URL; nothing was sent.";

export const ADD_LEAST_ONE_FILTER_COMPANY_POSITION =
	'Add at least one filter (company, position, seniority, department, location or company size): an unfiltered search would page through the whole database and spend credits. No request was sent.';

export const ENDPOINT_REFUSED_ITEM_1_ENDPOINT_CONTAINS =
	'Endpoint refused in item 1: The endpoint contains a dot segment ("." or "..", in any encoding), an empty segment or an encoded slash, which could leave the service path';

export const INVALID_ARGUMENT_COMPANY_ABN_ABN_51 =
	'Invalid argument \'company_abn\': The ABN "51 824 753 557" fails the ABN checksum (a digit is wrong or swapped). Enter the 11-digit ABN exactly as registered (check it on the Australian Business Register).';

export const INVALID_NETWORK_PROFILE_URL_ITEM_1 =
	'Invalid "Network Profile URL" in item 1: "https://www.linkedin.com/company/southern-cross-analytics" is a company profile URL, not a person profile URL';

export const INVALID_WEBSITE_ITEM_1_HTTPS_WWW =
	'Invalid "Website" in item 1: "https://www.linkedin.com/company/kookaburra-retail" is a professional-network profile, not the company\'s website (use the profile URL option)';

export const SVC_REFUSED_API_KEY_POST_V3 =
	'The svc refused the API key for POST /v3/contacts/search-and-enrich (HTTP 403): Insufficient credits; the plan does not allow this call or the account is inactive';

export const TEST_SERVICE_HTTPS_API_EXAMPLE_TEST =
	"The test service at the credential's Service URL https://api.example.test answered POST /v3/contacts/search-and-enrich with a cut-off or garbled answer (4 characters), also when asked again";

export const TEST_SERVICE_MAY_HAVE_RUN_CHARGED =
	"The test service may have run and charged POST /v3/contacts/search-and-enrich: its answer was cut off or garbled (check the credential's Service URL https://api.example.test and any proxy on the way). It was not repeated, so no credit is spent twice";

export const TEST_SERVICE_MAY_HAVE_RUN_CHARGED_2 =
	"The test service may have run and charged POST /v3/contacts/search-and-enrich: its answer was a web page, not the JSON the service sends (check the credential's Service URL https://api.example.test). It was not repeated, so no credit is spent twice";
