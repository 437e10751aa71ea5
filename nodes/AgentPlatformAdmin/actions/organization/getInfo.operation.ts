import { readOrganizationInfo } from '../../transport/directory';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Get Info',
		value: 'getInfo',
		action: 'Get credits and concurrency of the organization',
		description:
			'Read the organization’s credits, plan and live concurrency: how many runs the plan allows at once (limit), run now (active) and wait (pending)',
	},
	fields: [],
	async run(itemIndex) {
		return await readOrganizationInfo(this, itemIndex);
	},
});
