import { exportJobCall } from '../../helpers/exportJobs';
import { defineOperation } from '../../../shared/operation';
import { exportJobOperation } from './jobs';

export const operation = defineOperation({
	option: {
		name: 'Get Status',
		value: 'getStatus',
		description: "Get an export job's status, size and checksum",
		action: 'Get the status of a bulk extract',
	},
	...exportJobOperation(async (ctx, object, exportId, itemIndex) => [
		{ json: await exportJobCall(ctx, object, exportId, 'status', itemIndex) },
	]),
});
