import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { readExportStatus, type ExportObject } from '../../helpers/exportJobs';
import type { MarketingAutomationMap } from '../node.type';
import {
	completedOutput,
	eachItem,
	exportIdField,
	exportObjectField,
	outputFields,
	readExportId,
} from './fields';

export const operation = 'getFile' satisfies MarketingAutomationMap['bulkExtract'];

export const description = updateDisplayOptions(
	{ show: { resource: ['bulkExtract'], operation: [operation] } },
	[exportObjectField, exportIdField, ...outputFields] as INodeProperties[],
);

export async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	return await eachItem(this, itemIndexes, async (itemIndex) => {
		const object = this.getNodeParameter('object', itemIndex) as ExportObject;
		const exportId = readExportId(this, itemIndex);
		const status = await readExportStatus(this, object, exportId, itemIndex);
		if (status.status !== 'Completed') {
			throw new NodeOperationError(
				this.getNode(),
				`Export job ${exportId} is ${String(status.status)}, not Completed: it has no file yet`,
				{
					itemIndex,
					description:
						'Wait until Get Status shows Completed (the service updates it at most once a minute), then get the file.',
				},
			);
		}
		return await completedOutput(this, object, status, itemIndex, `${exportId}.csv`);
	});
}
