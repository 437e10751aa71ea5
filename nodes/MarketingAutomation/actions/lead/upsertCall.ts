import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { BatchOutcome } from '../../../shared/router';
import { apiRequest } from '../../transport';
import { callFailure, failItems } from '../batches';
import { withReasons } from '../leadDatabase/write';
import type { PreparedUpsert } from './upsertBatching';

/**
 * Lead Create or Update, output: sends one batch (`POST /rest/v1/leads.json`) and gives each item
 * its own record's status (`created`, `updated` or `skipped` with the reasons), the lead's id and
 * its lookup value. A failed call gives its items the error (or stops the node), saying which of
 * the `batchCount` calls failed.
 */
export async function sendUpsertBatch(
	ctx: IExecuteFunctions,
	node: INode,
	batch: PreparedUpsert[],
	index: number,
	batchCount: number,
	outcomes: BatchOutcome[][],
): Promise<void> {
	const { action, lookupField, partitionName } = batch[0].input;
	const indexes = batch.map((m) => m.itemIndex);
	try {
		const body: IDataObject = { action, lookupField, input: batch.map((m) => m.input.lead) };
		if (partitionName) body.partitionName = partitionName;
		const answer = await apiRequest.call(ctx, {
			method: 'POST',
			path: '/rest/v1/leads.json',
			body,
			// Replaying createOnly / createDuplicate after a lost answer could duplicate leads.
			safeToRepeat: action === 'createOrUpdate' || action === 'updateOnly',
			itemIndex: indexes[0],
		});
		const results = answer.result ?? [];
		if (results.length !== batch.length) {
			throw new NodeApiError(
				node,
				{ message: 'result count mismatch' },
				{
					message: `The service answered ${results.length} results for ${batch.length} leads`,
					description: 'The per-lead statuses cannot be matched to the input items.',
					itemIndex: indexes[0],
				},
			);
		}
		batch.forEach(({ itemIndex, input: value }, k) => {
			const result = results[k];
			const json: IDataObject = { status: result.status };
			if (result.id !== undefined) json.id = result.id;
			if (value.lead[lookupField] !== undefined) json[lookupField] = value.lead[lookupField];
			withReasons(json, result);
			outcomes[itemIndex] = [{ json }];
		});
	} catch (error) {
		failItems(ctx, callFailure(error as Error, index, batchCount, indexes), indexes, outcomes);
	}
}
