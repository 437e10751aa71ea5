import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionsCollection, returnAllAndLimit } from '../../../shared/descriptions';
import type { BatchOutcome } from '../../../shared/router';
import { callsInFlight, readRequest } from '../../transport';
import { collectByToken, LEAD_BATCH } from '../../transport/paging';
import { distinctValueCalls, failItems, groupBy, runBatches } from '../batches';
import { perExecution } from '../../../shared/perExecution';
import { includeNotFoundOption, leadFieldsOption } from '../fields';
import { fromVersionTwo, versionOne } from '../versions';
import { keyOf, lookupReader, type Lookup } from './leadLookupInput';
import { leadsToItems } from './leadLookupOutput';
import { defineOperation, type CheckedItem } from '../../../shared/operation';

const includeNotFound = includeNotFoundOption(
	'Whether to output an item with found: false (and the value) for each value that matched no lead, so a miss is never silent',
);

const properties: INodeProperties[] = [
	{
		displayName: 'Filter Type Name or ID',
		name: 'filterType',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getFilterTypes' },
		default: 'email',
		description:
			'The searchable field the values are matched against. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Filter Values',
		name: 'filterValues',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. ann@example.com, bob@example.com',
		description:
			'Values to look up, separated by commas or new lines. The values of all input items are combined and sent 300 per call.',
	},
	...returnAllAndLimit,
	optionsCollection([
		leadFieldsOption,
		// Off in version 1 (saved workflows keep their behaviour), on from version 2.
		{
			...includeNotFound,
			default: false,
			description: `${includeNotFound.description} Version 1 of the node: off unless set, except as an AI agent tool.`,
			displayOptions: { show: versionOne },
		},
		{
			...includeNotFound,
			default: true,
			displayOptions: { show: fromVersionTwo },
		},
	]),
];

// n8n hands out a deep copy of the node on every getNode(): the reader is made once per execution.
const readerOf = perExecution((ctx) => lookupReader(ctx, ctx.getNode()));

/**
 * Get Many by filter, batched across items: the values of all items that share a filter type and
 * field list are deduplicated and sent 300 per call (POST with `_method=GET` when the URL would pass
 * 8 KB), several calls in flight at once; every page is followed by `nextPageToken`. Each returned
 * lead goes to the item(s) that asked for its value, paired with that item; Limit applies per item.
 */
async function executeBatch(
	this: IExecuteFunctions,
	prepared: Array<CheckedItem<Lookup>>,
): Promise<BatchOutcome[][]> {
	const outcomes: BatchOutcome[][] = [];
	const groupList = [...groupBy(prepared, ({ input }) => input.group).values()];
	// Each distinct value (as the service compares it): its first spelling and who asked for it.
	const calls = groupList.flatMap((members, group) =>
		distinctValueCalls(
			members.map(({ itemIndex, input }) => ({ itemIndex, values: input.values })),
			(value) => keyOf(members[0].input.filterType, value),
			LEAD_BATCH,
		).map((call) => ({ group, ...call })),
	);

	const answers: IDataObject[][] = new Array<IDataObject[]>(calls.length);
	const failed = new Set<number>();
	await runBatches(calls, await callsInFlight(this), async (call, index) => {
		const members = groupList[call.group];
		const { filterType, fields } = members[0].input;
		// With a single asking item, paging can stop at its limit.
		const fetchLimit = members.length === 1 ? members[0].input.limit : Infinity;
		try {
			answers[index] = await collectByToken(
				this,
				readRequest('/rest/v1/leads.json', {
					qs: { filterType, filterValues: call.values.join(','), fields: fields.join(',') },
					itemIndex: call.askers[0],
				}),
				fetchLimit,
			);
		} catch (error) {
			failItems(this, error as Error, call.askers, outcomes);
			for (const i of call.askers) failed.add(i);
		}
	});

	leadsToItems(groupList, calls, answers, failed, outcomes);
	return outcomes;
}

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		description:
			'Get many leads whose filter field (email by default) matches one of the values (comma-separated, 300 per call). A value with no lead gives found: false when asked, and always as an AI agent tool.',
		action: 'Get many leads by email or another field',
	},
	fields: properties,
	check(itemIndex) {
		return readerOf(this)(itemIndex);
	},
	runBatch: executeBatch,
});
