import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { cancelExport, type ExportObject } from '../../helpers/exportJobs';
import type { MarketingAutomationMap } from '../node.type';
import { eachItem, exportIdField, exportObjectField, readExportId } from './fields';

export const operation = 'cancel' satisfies MarketingAutomationMap['bulkExtract'];

export const description = updateDisplayOptions(
	{ show: { resource: ['bulkExtract'], operation: [operation] } },
	[exportObjectField, exportIdField] as INodeProperties[],
);

export async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	return await eachItem(this, itemIndexes, async (itemIndex) => {
		const object = this.getNodeParameter('object', itemIndex) as ExportObject;
		const exportId = readExportId(this, itemIndex);
		return [{ json: await cancelExport(this, object, exportId, itemIndex) }];
	});
}
