import type { ICredentialType, INodeProperties, Icon } from 'n8n-workflow';

import { apiKeyProperty } from './common/apiKeyField';
import {
	apiChoiceProperties,
	callsInFlightProperty,
	rateWaitProperty,
} from './common/enrichmentFields';
import { GLOBAL_SERVICE_API_URL as SERVICE_API_URL } from './common/serviceAddresses';

/**
 * Global contact and company enrichment service: an API key sent in the `api_key` header by the node's
 * transport (no `authenticate`, see README "API Call"); the node tests it (`testedBy`).
 * Two APIs: the service's own (default) and the connection contract of the specification.
 */
export class GlobalEnrichmentApi implements ICredentialType {
	name = 'globalEnrichmentApi';

	displayName = 'Global Enrichment API';

	icon: Icon = {
		light: 'file:../icons/globalEnrichment.svg',
		dark: 'file:../icons/globalEnrichment.dark.svg',
	};

	documentationUrl =
		'https://github.com/agent-platform-nodes/n8n-nodes-agent-platform/blob/main/docs/global-enrichment.md#credential-global-enrichment-api';

	properties: INodeProperties[] = [
		...apiChoiceProperties(SERVICE_API_URL, '/person'),
		apiKeyProperty("Key from the service's API settings page"),
		callsInFlightProperty,
		rateWaitProperty,
	];
}
