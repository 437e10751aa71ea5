import { cancelExport } from '../../helpers/exportJobs';
import { exportJobOperation } from './jobs';

export const { operation, description, executeBatch } = exportJobOperation(
	'cancel',
	async (ctx, object, exportId, itemIndex) => [
		{ json: await cancelExport(ctx, object, exportId, itemIndex) },
	],
);
