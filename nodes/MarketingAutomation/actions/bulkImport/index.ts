import { defineResource } from '../../../shared/operation';
import { fromVersionTwo } from '../versions';
import { operation as getStatus } from './getStatus.operation';
import { operation as importRecords } from './import.operation';

export const bulkImport = defineResource('bulkImport', [getStatus, importRecords], {
	default: 'import',
	versions: [{ version: 2, show: fromVersionTwo }],
});
