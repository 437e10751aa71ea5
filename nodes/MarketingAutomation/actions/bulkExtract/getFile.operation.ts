import { NodeOperationError } from 'n8n-workflow';

import { exportJobCall } from '../../helpers/exportJobs';
import { outputFields } from '../bulkFields';
import { defineOperation } from '../../../shared/operation';
import { completedOutput, exportJobOperation } from './jobs';

export const operation = defineOperation({
	option: {
		name: 'Get File',
		value: 'getFile',
		description: "Download a completed export job's file as items or as a binary file",
		action: 'Get the file of a bulk extract',
	},
	...exportJobOperation(async (ctx, object, exportId, itemIndex) => {
		const status = await exportJobCall(ctx, object, exportId, 'status', itemIndex);
		if (status.status !== 'Completed') {
			throw new NodeOperationError(
				ctx.getNode(),
				`Export job ${exportId} is ${String(status.status)}, not Completed: it has no file yet`,
				{
					itemIndex,
					description:
						'Wait until Get Status shows Completed (the service updates it at most once a minute), then get the file.',
				},
			);
		}
		return await completedOutput(ctx, object, status, itemIndex, `${exportId}.csv`);
	}, outputFields),
});
