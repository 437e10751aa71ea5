import { defineOperation } from '../../../shared/operation';
import { checkScore, recordIdField, runScores } from '../../helpers/signals';

/** Service API: `POST /v3/contacts/signal-score`, 100 ids per call, results matched by id. */
export const operation = defineOperation({
	option: {
		name: 'Get Signal Score',
		value: 'getSignalScore',
		description:
			'Get the signal score of contacts by ID (how active their signals are), 100 per call',
		action: 'Get the signal score of contacts by ID',
	},
	fields: [recordIdField('contact')],
	async check(itemIndex) {
		return await checkScore(this, 'contact', itemIndex);
	},
	async runBatch(items) {
		return await runScores(this, 'contact', items);
	},
});
