import { defineResource } from '../../../shared/operation';
import { fromVersionTwo } from '../versions';
import { operation as cancel } from './cancel.operation';
import { operation as extract } from './extract.operation';
import { operation as getAll } from './getAll.operation';
import { operation as getFile } from './getFile.operation';
import { operation as getStatus } from './getStatus.operation';

export const bulkExtract = defineResource(
	'bulkExtract',
	[cancel, extract, getAll, getFile, getStatus],
	{
		default: 'extract',
		versions: [{ version: 2, show: fromVersionTwo }],
	},
);
