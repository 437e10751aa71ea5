import { serviceTransport } from '../../enrichment/transport';

export const CREDENTIAL_TYPE = 'anzSalesIntelligenceApi';
export const SERVICE_NAME = 'sales-intelligence service';

/**
 * The only way this node reaches the service (`Authorization: Bearer <key>` from the credential,
 * 429/5xx retried). An enrichment answers the record itself (with `id`), or 404
 * `{ error: { code: "NOT_FOUND" } }` when nothing matches; credits come in `x-credits-charged`.
 */
export const transport = serviceTransport(
	CREDENTIAL_TYPE,
	SERVICE_NAME,
	(record, creditsCharged) =>
		record?.id
			? { status: 'found', record, creditsCharged }
			: { status: 'noMatch', creditsCharged },
);
