import { defineOperation } from '../../../shared/operation';
import { scoreOperation } from '../../helpers/signals';

/**
 * Service API: `POST /v3/companies/signal-score`, 100 records per call, each by ID or by an identifier
 * the service resolves, results matched by the echoed `clientReferenceId`.
 */
export const operation = defineOperation({
	option: {
		name: 'Get Signal Score',
		value: 'getSignalScore',
		description:
			'Get the signal score of companies (how active their signals are) by ID, domain, name or email; 100 per call',
		action: 'Get the signal score of companies',
	},
	...scoreOperation('company'),
});
