/**
 * The credentials' long expected test messages (150 characters or more), declared once and named
 * for what they say, so a test body reads as what it checks. Texts that vary with an address or a
 * field are functions of those values.
 */

// Every credential with an address

/** The host does not resolve: check `field` for a typo. */
export const hostNotResolved = (host: string, field: string, example: string) =>
	`The host ${host} does not exist or cannot be resolved (DNS). Check ${field} for a typo (it looks like ${example}); if it is right, check the DNS or VPN of the n8n server.`;

/** Nothing listens at `host`: check the host and port in `field`. */
export const connectionRefused = (host: string, field: string, example: string) =>
	`Nothing accepts connections at ${host}. Check the host and port in ${field} (it looks like ${example}); if they are right, a firewall or proxy between n8n and the service refuses the connection.`;

// Agent platform credential

export const ADMIN_EXAMPLE_URL = 'https://api-xxxxxx.stack.example.com';

/** The key was refused: key, project and region are the three things to check. */
export const ADMIN_KEY_REFUSED =
	'The service refused the API key for this project (HTTP 401). Check that the API Key is complete, that the Project ID is a project of the key’s organization, and that Region is the region your organization lives in (a key works only in its own region).';

/** Nothing answers at `baseUrl`: it is probably the app's web address, not the API's. */
export const adminNoApiAt = (baseUrl: string) =>
	`No API answers at ${baseUrl}/latest/auth/info (HTTP 404). With Region Custom, Base URL must be the API’s address (e.g. ${ADMIN_EXAMPLE_URL}), not the app’s web address.`;

/** Region Custom without a Base URL. */
export const ADMIN_BASE_URL_REQUIRED = `Base URL is required when Region is Custom: enter the API's address (e.g. ${ADMIN_EXAMPLE_URL}), or choose your organization's region.`;

// Marketing credential

/** The identity endpoint refused the client: copy both again from the API-only user. */
export const MARKETING_CLIENT_REFUSED =
	'The identity endpoint refused the Client ID or Client Secret (HTTP 401). Copy the Client ID and Client Secret again from the custom service of the API-only user (admin pages), and check that the user is active.';

/** The token was issued but the API user's role may not read leads (603). */
export const MARKETING_LEAD_READ_REFUSED =
	'The token was issued, but the API user may not read the lead database (603, access denied): give its role the "Read-Only Lead" or "Read-Write Lead" permission.';

// Enrichment credentials (sales-intelligence and Global)

/** Nothing answers at `url` on the service's own API. */
export const enrichmentNoServiceApiAt = (url: string, example: string) =>
	`No API answers at ${url} (HTTP 404). Service URL must be the address of the service's own API, e.g. ${example}; or choose Connection Contract in API for a gateway.`;

/** Nothing answers at `baseUrl` on the connection contract. */
export const contractNoApiAt = (baseUrl: string) =>
	`No API answers at ${baseUrl}/account/usage (HTTP 404). Base URL (Connection Contract) must be the address of the gateway that speaks the connection contract, e.g. https://gateway.example.com.`;

/** The connection contract without a Base URL. */
export const CONTRACT_BASE_URL_REQUIRED =
	'Base URL (Connection Contract) is required when API is Connection Contract: enter the gateway address (e.g. https://gateway.example.com), or choose Service API.';
