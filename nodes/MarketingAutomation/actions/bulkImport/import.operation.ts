import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { withItemIndex, type BatchOutcome } from '../../../shared/router';
import { bulkSettings } from '../../helpers/bulkSettings';
import { Deadline, submitFile, type ImportJob } from '../../helpers/importJobs';
import { awaitImports } from '../../helpers/importPolling';
import { asNodeError } from '../../helpers/nodeError';
import { failItems } from '../batches';
import { openJobsOf, timeLimitSecondsOf } from '../bulkFields';
import { importProperties, readTarget } from './importFields';
import { finishedOutput, queuedOutput } from './importOutput';
import {
	oversizedRows,
	readSourceItem,
	submitBinary,
	submitItems,
	type SourceItem,
	type SubmitPart,
} from './importSource';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Import',
		value: 'import',
		description:
			'Import leads or program members from the input items or a CSV file as bulk jobs of up to 10 MB each: one call per file instead of one per 300 records',
		action: 'Import leads or program members in bulk',
	},
	fields: importProperties,
	async runBatch(items) {
		const target = readTarget(this);
		const source = this.getNodeParameter('source', 0) as string;
		const wait = this.getNodeParameter('waitForCompletion', 0, true) as boolean;
		const options = this.getNodeParameter('options', 0, {}) as IDataObject;
		const deadline = new Deadline(this.getNode(), timeLimitSecondsOf(options));
		const openJobs = openJobsOf(options);
		const key = target.object === 'leads' ? (target.lookupField ?? 'email') : 'email';
		const base = target.object === 'leads' ? 'leads' : `program-${target.programId}-members`;

		// The items are checked here, not in `check` (which runs before this): the target's settings,
		// read once for the whole run, are checked first and stop the node even under Continue On Fail.
		const outcomes: BatchOutcome[][] = items.map(() => []);
		const prepared: SourceItem[] = [];
		for (const { itemIndex } of items) {
			try {
				if (source === 'binary') {
					const property = this.getNodeParameter('binaryPropertyName', itemIndex) as string;
					this.helpers.assertBinaryData(itemIndex, property);
					prepared.push({ itemIndex, json: {}, lookup: '' });
				} else {
					prepared.push(readSourceItem(this, itemIndex, key));
				}
			} catch (error) {
				const failure = withItemIndex(this, error, itemIndex);
				if (!this.continueOnFail()) throw failure;
				outcomes[itemIndex] = [{ error: failure }];
			}
		}

		// A row that cannot fit in a file fails its own item, before any call; the others go on.
		if (source !== 'binary') {
			for (const { item, bytes } of oversizedRows(prepared)) {
				const failure = new NodeOperationError(
					this.getNode(),
					`The row of item ${item.itemIndex} is ${bytes} bytes, more than one import file holds (${bulkSettings.fileBytes} bytes with the header; the service takes at most 10 MB per file)`,
					{
						itemIndex: item.itemIndex,
						description: `Shorten or leave out the large value (a long text or JSON field) of this item. ${
							this.continueOnFail()
								? 'The other items are imported.'
								: 'No file was sent; with Continue On Fail on, the other items are imported without it.'
						}`,
					},
				);
				if (!this.continueOnFail()) throw failure;
				outcomes[item.itemIndex] = [{ error: failure }];
				prepared.splice(prepared.indexOf(item), 1);
			}
		}

		const jobs: ImportJob[] = [];
		let fileNumber = 0;
		const submit: SubmitPart = async (part, itemIndex, itemOf) => {
			// A fair share of the instance's one queue: the next file waits until fewer than the
			// allowed number of this run's jobs are open (with or without Wait for Completion).
			await awaitImports(this, target.object, jobs, deadline, openJobs);
			const name = `${base}-${++fileNumber}.${target.format}`;
			const file = { name, content: part.content, rows: part.rows, firstRow: part.firstRow };
			const batchId = await submitFile(this, target, file, jobs, itemIndex, deadline);
			jobs.push({
				batchId,
				fileName: name,
				rows: part.rows,
				firstRow: part.firstRow,
				itemIndex,
				itemOf,
				submittedAt: Date.now(),
			});
		};
		const failed = (error: unknown, indexes: number[]) =>
			failItems(this, asNodeError(this, error, indexes[0]), indexes, outcomes);

		if (source === 'binary') {
			for (const { itemIndex } of prepared) {
				try {
					await submitBinary(this, itemIndex, submit);
				} catch (error) {
					failed(error, [itemIndex]);
				}
			}
		} else if (prepared.length > 0) {
			const failure = await submitItems(prepared, submit);
			if (failure) failed(failure.cause, failure.itemIndexes);
		}

		if (!wait) {
			queuedOutput(jobs, outcomes);
			return outcomes;
		}
		await awaitImports(this, target.object, jobs, deadline);
		await finishedOutput(this, target, key, jobs, outcomes);
		return outcomes;
	},
});
