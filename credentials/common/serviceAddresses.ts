/**
 * The services' own API addresses: the credentials pre-fill them and the nodes' transports fall
 * back to them. Here, under `credentials/common/`, so credentials import nothing from `nodes/`.
 */

/** The sales-intelligence service's own API. */
export const ANZ_SERVICE_API_URL = 'https://api.firmable.com';

/** The enrichment service's own API. */
export const GLOBAL_SERVICE_API_URL = 'https://api.lusha.com';
