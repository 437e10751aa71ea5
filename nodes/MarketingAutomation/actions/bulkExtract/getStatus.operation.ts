import { readExportStatus } from '../../helpers/exportJobs';
import { exportJobOperation } from './jobs';

export const { operation, description, executeBatch } = exportJobOperation(
	'getStatus',
	async (ctx, object, exportId, itemIndex) => [
		{ json: await readExportStatus(ctx, object, exportId, itemIndex) },
	],
);
