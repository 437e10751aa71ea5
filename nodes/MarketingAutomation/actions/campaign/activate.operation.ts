import { defineOperation } from '../../../shared/operation';
import { activationOperation } from './activation';

export const operation = defineOperation({
	option: {
		name: 'Activate',
		value: 'activate',
		description: 'Switch a trigger campaign on, so its triggers start running leads',
		action: 'Activate a trigger campaign',
	},
	since: 2,
	...activationOperation('activate'),
});
