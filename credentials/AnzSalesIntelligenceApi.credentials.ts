import type { ICredentialType, INodeProperties, Icon } from 'n8n-workflow';

import { apiKeyProperty } from './common/apiKeyField';
import {
	apiChoiceProperties,
	rateWaitProperty,
	requestsPerSecondProperty,
} from './common/enrichmentFields';
import { ANZ_SERVICE_API_URL as SERVICE_API_URL } from './common/serviceAddresses';

/**
 * AU/NZ sales-intelligence service: an API key sent as `Authorization: Bearer <key>` by the node's
 * transport (no `authenticate`, see README "API Call"); the node tests it (`testedBy`).
 * Two APIs: the service's own (default) and the connection contract of the specification.
 */
export class AnzSalesIntelligenceApi implements ICredentialType {
	name = 'anzSalesIntelligenceApi';

	displayName = 'ANZ Sales Intelligence API';

	icon: Icon = {
		light: 'file:../icons/anzSalesIntelligence.svg',
		dark: 'file:../icons/anzSalesIntelligence.dark.svg',
	};

	documentationUrl =
		'https://github.com/agent-platform-nodes/n8n-nodes-agent-platform/blob/main/docs/anz-sales-intelligence.md#credential-anz-sales-intelligence-api';

	properties: INodeProperties[] = [
		...apiChoiceProperties(SERVICE_API_URL, '/enrich/person'),
		apiKeyProperty("Key from the service's dashboard (profile, integrations, API)"),
		requestsPerSecondProperty,
		rateWaitProperty,
	];
}
