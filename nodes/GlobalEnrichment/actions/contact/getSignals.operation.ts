import { defineOperation } from '../../../shared/operation';
import { signalsOperation } from '../../helpers/signals';

/** Service API: `POST /v3/contacts/signals`, 100 ids per call, results matched by id. */
export const operation = defineOperation({
	option: {
		name: 'Get Signals',
		value: 'getSignals',
		description:
			'Get the recent signals (promotions and job changes) of contacts by ID, 100 per call. 1 credit per signal shown.',
		action: 'Get the signals of contacts by ID',
	},
	...signalsOperation('contact'),
});
