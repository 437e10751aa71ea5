import { defineOperation } from '../../../shared/operation';
import { lookalikesOperation, type LookalikeRequest } from '../../helpers/lookalikes';

/**
 * Service API: `POST /v3/contacts/lookalike`, page after page through the service's session
 * (`dedupeSessionId`) while `meta.hasMore`. Not repeated after an unclear failure: results are charged.
 */
export const operation = defineOperation<LookalikeRequest>({
	option: {
		name: 'Find Lookalikes',
		value: 'findLookalikes',
		description:
			'Find contacts that resemble 5 to 100 seed contacts, excluding IDs you name. 1 credit per result.',
		action: 'Find contacts that resemble seed contacts',
	},
	...lookalikesOperation('contact'),
});
