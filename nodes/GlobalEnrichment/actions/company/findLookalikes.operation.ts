import { defineOperation } from '../../../shared/operation';
import { lookalikesOperation, type LookalikeRequest } from '../../helpers/lookalikes';

/**
 * Service API: `POST /v3/companies/lookalike`, page after page through the service's session
 * (`dedupeSessionId`) while `meta.hasMore`. Not repeated after an unclear failure: results are charged.
 */
export const operation = defineOperation<LookalikeRequest>({
	option: {
		name: 'Find Lookalikes',
		value: 'findLookalikes',
		description:
			'Find companies that resemble 5 to 100 seed companies, excluding IDs you name. 1 credit per result.',
		action: 'Find companies that resemble seed companies',
	},
	...lookalikesOperation('company'),
});
