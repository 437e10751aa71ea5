import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { NodeOperationError } from 'n8n-workflow';

import { optionsCollection, returnAllAndLimit } from '../../../shared/descriptions';
import { readRequest } from '../../transport';
import { chunk, collectByToken, LEAD_BATCH } from '../../transport/paging';
import { concurrentReads } from '../batches';
import { includeNotFoundOption, programLocator } from '../fields';
import { readDateTime, readId, readIdList, shorten, splitValues } from '../parameters';
import { memberFieldsOption, membersPath } from './fields';
import { defineOperation } from '../../../shared/operation';

/** The service's longest `updatedAt` range per call. */
const WINDOW_DAYS = 7;

const properties: INodeProperties[] = [
	programLocator,
	{
		displayName: 'Filter By',
		name: 'filterBy',
		type: 'options',
		default: 'leadId',
		options: [
			{ name: 'Lead', value: 'leadId', description: 'Members that are these leads' },
			{
				name: 'Other Field',
				value: 'other',
				description: 'A searchable member field, e.g. a custom field or reachedSuccess',
			},
			{ name: 'Status', value: 'statusName', description: 'Members in these statuses' },
			{
				name: 'Updated Date',
				value: 'updatedAt',
				description:
					'Members changed between two dates; a range over 7 days is read 7 days per call',
			},
		],
	},
	{
		displayName: 'Lead IDs',
		name: 'leadIds',
		type: 'string',
		default: '',
		placeholder: 'e.g. 1001, 1002',
		description: 'Leads to look up, comma-separated (300 per call)',
		displayOptions: { show: { filterBy: ['leadId'] } },
	},
	{
		displayName: 'Status Names',
		name: 'statusNames',
		type: 'string',
		default: '',
		placeholder: 'e.g. Registered, Attended',
		description: "Statuses of the program's channel, comma-separated",
		displayOptions: { show: { filterBy: ['statusName'] } },
	},
	{
		displayName: 'Filter Type Name or ID',
		name: 'filterType',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getProgramMemberFilterTypes' },
		default: '',
		description:
			'The searchable member field. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: { filterBy: ['other'] } },
	},
	{
		displayName: 'Filter Values',
		name: 'filterValues',
		type: 'string',
		default: '',
		description: 'Values to look up, comma-separated (300 per call)',
		displayOptions: { show: { filterBy: ['other'] } },
	},
	{
		displayName: 'Updated After',
		name: 'startAt',
		type: 'dateTime',
		default: '',
		description: 'Start of the range (in the workflow time zone unless the value has one)',
		displayOptions: { show: { filterBy: ['updatedAt'] } },
	},
	{
		displayName: 'Updated Before',
		name: 'endAt',
		type: 'dateTime',
		default: '',
		description: 'End of the range',
		displayOptions: { show: { filterBy: ['updatedAt'] } },
	},
	...returnAllAndLimit,
	optionsCollection([
		memberFieldsOption,
		includeNotFoundOption(
			'Whether to output an item with found: false and the lead ID for each lead that is not a member (Filter By: Lead)',
		),
	]),
];

interface MemberQuery {
	programId: number;
	/** One query string per call: a filter of ≤ 300 values, or one window of ≤ 7 days. */
	queries: IDataObject[];
	leadIds?: number[];
	limit: number;
	includeNotFound: boolean;
}

/** The `updatedAt` range cut into consecutive windows of at most 7 days. */
function windows(startAt: string, endAt: string): IDataObject[] {
	const parts: IDataObject[] = [];
	let start = DateTime.fromISO(startAt, { setZone: true });
	const end = DateTime.fromISO(endAt, { setZone: true });
	while (start < end) {
		const next = DateTime.min(start.plus({ days: WINDOW_DAYS }), end);
		parts.push({
			filterType: 'updatedAt',
			startAt: start.toISO({ suppressMilliseconds: true }),
			endAt: next.toISO({ suppressMilliseconds: true }),
		});
		start = next;
	}
	return parts;
}

function prepare(ctx: IExecuteFunctions, i: number): MemberQuery {
	const node = ctx.getNode();
	const programId = readId(ctx, 'program', i, 'program');
	const filterBy = String(ctx.getNodeParameter('filterBy', i, 'leadId'));
	const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
	const limit = ctx.getNodeParameter('returnAll', i, false)
		? Infinity
		: Number(ctx.getNodeParameter('limit', i, 50));
	const fields = ((options.fields as string[] | undefined) ?? []).map(String);
	const withFields = (qs: IDataObject) => {
		// Members are matched back by leadId: it is always asked for.
		if (fields.length > 0) qs.fields = [...new Set([...fields, 'leadId'])].join(',');
		return qs;
	};
	const byValues = (filterType: string, values: string[]) =>
		chunk(values, LEAD_BATCH).map((part) =>
			withFields({ filterType, filterValues: part.join(',') }),
		);
	const base = { programId, limit, includeNotFound: options.includeNotFound !== false };
	if (filterBy === 'leadId') {
		const leadIds = [...new Set(readIdList(ctx, 'leadIds', i, 'Lead IDs'))];
		return { ...base, leadIds, queries: byValues('leadId', leadIds.map(String)) };
	}
	if (filterBy === 'updatedAt') {
		const startAt = readDateTime(ctx, 'startAt', i, 'Updated After') as string;
		const endAt = readDateTime(ctx, 'endAt', i, 'Updated Before') as string;
		if (DateTime.fromISO(startAt) >= DateTime.fromISO(endAt)) {
			throw new NodeOperationError(
				node,
				`Updated After (${startAt}) is not before Updated Before (${endAt}) in item ${i}`,
				{ itemIndex: i, description: 'Give a range whose start comes before its end.' },
			);
		}
		return { ...base, queries: windows(startAt, endAt).map(withFields) };
	}
	const filterType =
		filterBy === 'statusName'
			? 'statusName'
			: String(ctx.getNodeParameter('filterType', i, '')).trim();
	const values = splitValues(
		ctx.getNodeParameter(filterBy === 'statusName' ? 'statusNames' : 'filterValues', i, ''),
	);
	if (!filterType || values.length === 0) {
		throw new NodeOperationError(
			node,
			`${filterType ? `No values for ${shorten(filterType)}` : 'Filter Type is empty'} in item ${i}`,
			{ itemIndex: i, description: 'Pick the member field and give at least one value.' },
		);
	}
	return { ...base, queries: byValues(filterType, values) };
}

/**
 * Get Many program members (`GET /rest/v1/programs/{id}/members.json`): by leads, statuses or
 * another searchable field (300 values per call), or by updated date, a range over the service's
 * 7 days read one window per call (members changed again in a later window come once). Every
 * page is followed. Every item is checked before the first call; a lead that is not a member
 * gives `found: false`.
 */
/**
 * A query by any field but the lead ID covers at most 100,000 members: past that the service
 * answers 1003 "Total membership size … exceeds the limit"; the bulk extract has no such cap.
 */
function membershipCapRefusal(programId: number) {
	return (serviceMessage: string) => ({
		message: `The service refused the call (1003): ${serviceMessage}`,
		fix: /membership size|exceeds the limit/i.test(serviceMessage)
			? `Program ${programId} has more members than a query by this field covers (100,000). Read them with Bulk Extract → Extract, Object Program Members (it can filter by status), or filter by Lead ID here.`
			: 'Check the filter field, its values and the fields asked for.',
	});
}

async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	query: MemberQuery,
): Promise<IDataObject[]> {
	const byLead = new Map<string, IDataObject>();
	const records: IDataObject[] = [];
	for (const qs of query.queries) {
		const page = await collectByToken(
			this,
			{
				...readRequest(`${membersPath(query.programId)}.json`, { qs, itemIndex }),
				refusals: { '1003': membershipCapRefusal(query.programId) },
			},
			query.leadIds || query.queries.length > 1 ? Infinity : query.limit,
		);
		for (const member of page) {
			const rest = { ...member };
			delete rest.seq;
			const lead = String(rest.leadId ?? '');
			if (lead && byLead.has(lead)) continue;
			if (lead) byLead.set(lead, rest);
			records.push(rest);
		}
		if (!query.leadIds && records.length >= query.limit) break;
	}
	if (query.leadIds) {
		const out: IDataObject[] = [];
		for (const id of query.leadIds) {
			const member = byLead.get(String(id));
			if (member) out.push(member);
			else if (query.includeNotFound) out.push({ found: false, leadId: id });
		}
		return out.slice(0, query.limit);
	}
	return records.slice(0, query.limit);
}

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		description:
			'Get the members of a program by lead, status, another field, or updated date (7 days per call). A lead that is not a member gives found: false.',
		action: 'Get many program members',
	},
	fields: properties,
	check(itemIndex) {
		return prepare(this, itemIndex);
	},
	runBatch: concurrentReads(execute),
});
