import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import type { BulkFormat } from '../../helpers/delimited';
import { readImportStatus, readRowReports, type ImportObject } from '../../helpers/importJobs';
import { asNodeError } from '../../helpers/nodeError';
import { failItems, checksOwnItems } from '../batches';
import { importObjectField } from '../bulkFields';
import { defineOperation } from '../../../shared/operation';

const properties: INodeProperties[] = [
	importObjectField,
	{
		displayName: 'Batch ID',
		name: 'batchId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3404',
		description: 'The batch ID the import returned (valid for 7 days)',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'File Format',
				name: 'format',
				type: 'options',
				default: 'csv',
				description: 'The format the job was imported in (its failures and warnings use it too)',
				options: [
					{ name: 'CSV', value: 'csv' },
					{ name: 'SSV', value: 'ssv' },
					{ name: 'TSV', value: 'tsv' },
				],
			},
			{
				displayName: 'Include Failed and Warned Rows',
				name: 'includeRows',
				type: 'boolean',
				default: true,
				description:
					'Whether to output, after the status, one item per failed or warned row with the reason (one call each for failures and warnings)',
			},
		],
	},
];

async function executeBatch(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchOutcome[][]> {
	const outcomes: BatchOutcome[][] = itemIndexes.map(() => []);
	for (const itemIndex of itemIndexes) {
		try {
			const object = this.getNodeParameter('object', itemIndex) as ImportObject;
			const raw = String(this.getNodeParameter('batchId', itemIndex, '')).trim();
			if (!/^\d+$/.test(raw)) {
				throw new NodeOperationError(
					this.getNode(),
					`The batch ID '${raw}' in item ${itemIndex} is not a whole number`,
					{ itemIndex, description: 'Use the batchId the Import operation output.' },
				);
			}
			const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
			const format = (options.format ?? 'csv') as BulkFormat;
			const batchId = Number(raw);
			const status = await readImportStatus(this, object, batchId, itemIndex);
			outcomes[itemIndex].push({ json: status });
			if (options.includeRows === false || status.status !== 'Complete') continue;
			for (const kind of ['failures', 'warnings'] as const) {
				const count = status[kind === 'failures' ? 'numOfRowsFailed' : 'numOfRowsWithWarning'];
				if (!Number(count)) continue;
				for (const report of await readRowReports(this, object, batchId, kind, format, itemIndex)) {
					outcomes[itemIndex].push({
						json: {
							batchId,
							outcome: kind === 'failures' ? 'failed' : 'warning',
							reason: report.reason,
							row: report.row,
						},
					});
				}
			}
		} catch (error) {
			failItems(this, asNodeError(this, error, itemIndex), [itemIndex], outcomes);
		}
	}
	return outcomes;
}

export const operation = defineOperation({
	option: {
		name: 'Get Status',
		value: 'getStatus',
		description:
			"Get an import job's status and figures, and its failed and warned rows with the service's reasons",
		action: 'Get the status of a bulk import',
	},
	fields: properties,
	// Checks its items itself, every one before any call.
	runBatch: checksOwnItems(executeBatch),
});
