import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import type { ExportObject } from '../../helpers/exportJobs';
import { exportBinary, exportRows } from '../../helpers/exportOutput';
import { eachItem } from '../batches';
import type { CheckedItem } from '../../../shared/operation';
import { exportIdField, exportObjectField } from '../bulkFields';

const EXPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The export ID parameter of an item, checked before any call (the service's IDs are UUIDs). */
function readExportId(ctx: IExecuteFunctions, itemIndex: number): string {
	const exportId = String(ctx.getNodeParameter('exportId', itemIndex, '')).trim();
	if (!EXPORT_ID.test(exportId)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The export ID '${exportId}' in item ${itemIndex} is not a job ID`,
			{
				itemIndex,
				description:
					'Use the exportId that Extract or Get Many output (a UUID such as ce45a7a1-f19d-4ce2-882c-a3c795940a7d).',
			},
		);
	}
	return exportId;
}

/** A completed export's output: its rows as items, or its file. */
export async function completedOutput(
	ctx: IExecuteFunctions,
	object: ExportObject,
	status: IDataObject,
	itemIndex: number,
	fileName: string,
): Promise<BatchOutcome[]> {
	const output = ctx.getNodeParameter('output', itemIndex, 'items') as string;
	if (output === 'items') return await exportRows(ctx, object, status, itemIndex);
	const property = ctx.getNodeParameter('binaryPropertyName', itemIndex) as string;
	return [await exportBinary(ctx, object, status, itemIndex, property, fileName)];
}

/**
 * An operation on one existing export job per item (Get Status, Cancel, Get File): the Object and
 * Export ID fields (and `more`), the ID checked before the call, then `act` on the job.
 */
export function exportJobOperation(
	act: (
		ctx: IExecuteFunctions,
		object: ExportObject,
		exportId: string,
		itemIndex: number,
	) => Promise<BatchOutcome[]>,
	more: INodeProperties[] = [],
) {
	return {
		fields: [exportObjectField, exportIdField, ...more],
		check(this: IExecuteFunctions, itemIndex: number) {
			return {
				object: this.getNodeParameter('object', itemIndex) as ExportObject,
				exportId: readExportId(this, itemIndex),
			};
		},
		async runBatch(
			this: IExecuteFunctions,
			items: Array<CheckedItem<{ object: ExportObject; exportId: string }>>,
		) {
			return await eachItem(
				this,
				items,
				async (itemIndex, { object, exportId }) => await act(this, object, exportId, itemIndex),
			);
		},
	};
}
