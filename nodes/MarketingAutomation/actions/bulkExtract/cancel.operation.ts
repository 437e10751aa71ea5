import { exportJobCall } from '../../helpers/exportJobs';
import { defineOperation } from '../../../shared/operation';
import { exportJobOperation } from './jobs';

export const operation = defineOperation({
	option: {
		name: 'Cancel',
		value: 'cancel',
		description: 'Cancel an export job that has not finished',
		action: 'Cancel a bulk extract',
	},
	...exportJobOperation(async (ctx, object, exportId, itemIndex) => [
		{ json: await exportJobCall(ctx, object, exportId, 'cancel', itemIndex) },
	]),
});
