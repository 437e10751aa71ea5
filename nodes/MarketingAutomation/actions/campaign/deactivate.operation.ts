import { defineOperation } from '../../../shared/operation';
import { activationOperation } from './activation';

export const operation = defineOperation({
	option: {
		name: 'Deactivate',
		value: 'deactivate',
		description: 'Switch a trigger campaign off',
		action: 'Deactivate a trigger campaign',
	},
	since: 2,
	...activationOperation('deactivate'),
});
