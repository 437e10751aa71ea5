import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { inputError } from '../../../shared/inputError';
import type { BulkFormat } from '../../helpers/delimited';
import { readImportStatus, reportedRows, type ImportObject } from '../../helpers/importJobs';
import { eachItem } from '../batches';
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
	optionsCollection([
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
	]),
];

/** Reads and checks one item's batch ID; the router runs it for every item before any call. */
function check(this: IExecuteFunctions, itemIndex: number) {
	const object = this.getNodeParameter('object', itemIndex) as ImportObject;
	const raw = String(this.getNodeParameter('batchId', itemIndex, '')).trim();
	if (!/^\d+$/.test(raw)) {
		throw inputError(
			this.getNode(),
			itemIndex,
			{ parameter: 'batchId' },
			`The batch ID '${raw}' in item ${itemIndex} is not a whole number`,
			'Use the batchId the Import operation output.',
		);
	}
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return {
		object,
		batchId: Number(raw),
		format: (options.format ?? 'csv') as BulkFormat,
		includeRows: options.includeRows !== false,
	};
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
	check,
	async runBatch(items) {
		return await eachItem(
			this,
			items,
			async (itemIndex, { object, batchId, format, includeRows }) => {
				const status = await readImportStatus(this, object, batchId, itemIndex);
				const rows =
					includeRows && status.status === 'Complete'
						? await reportedRows(this, object, batchId, status, format, itemIndex)
						: [];
				return [status, ...rows].map((json) => ({ json }));
			},
		);
	},
});
