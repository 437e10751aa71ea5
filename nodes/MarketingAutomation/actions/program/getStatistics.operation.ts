import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { apiRead, readRequest } from '../../transport';
import { collectByToken } from '../../transport/paging';
import { programLocator } from '../fields';
import { checkId } from '../parameters';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

const ratio = (part: number, whole: number) =>
	whole > 0 ? Math.round((part / whole) * 10000) / 10000 : 0;

/**
 * No statistics endpoint exists (the spec's `program/{id}/stats.json` is not real). The figures are
 * computed from the program's membership: `GET /rest/asset/v1/program/{id}.json` for the program's
 * name and type, then every page of `GET /rest/v1/leads/programs/{id}.json` (300 members per page,
 * `nextPageToken`), counting members per progression status, members who reached success, who were
 * acquired by the program and whose nurture is exhausted.
 */
export const operation = defineOperation({
	option: {
		name: 'Get Statistics',
		value: 'getStatistics',
		description: 'Compute membership statistics of a program',
		action: 'Get program statistics',
	},
	fields: [programLocator] as INodeProperties[],
	check: checkId('program'),
	runBatch: concurrentReads(async function (itemIndex, programId) {
		const program =
			(await apiRead.call(this, `/rest/asset/v1/program/${programId}.json`, { itemIndex }))
				.result?.[0] ?? {};
		const byProgressionStatus: Record<string, number> = {};
		let members = 0;
		let reachedSuccess = 0;
		let acquiredByProgram = 0;
		let exhausted = 0;
		let first: string | undefined;
		let last: string | undefined;
		await collectByToken(
			this,
			readRequest(`/rest/v1/leads/programs/${programId}.json`, { qs: { fields: 'id' }, itemIndex }),
			Infinity,
			(page) => {
				for (const lead of page) {
					const membership = (lead.membership ?? {}) as IDataObject;
					members++;
					const status = String(membership.progressionStatus ?? 'unknown');
					byProgressionStatus[status] = (byProgressionStatus[status] ?? 0) + 1;
					if (membership.reachedSuccess === true || membership.reachedSuccess === 'true')
						reachedSuccess++;
					if (membership.acquiredBy === true || membership.acquiredBy === 'true')
						acquiredByProgram++;
					if (membership.isExhausted === true || membership.isExhausted === 'true') exhausted++;
					const date = membership.membershipDate as string | undefined;
					if (date && (!first || date < first)) first = date;
					if (date && (!last || date > last)) last = date;
				}
				page.length = 0; // counted; not kept in memory
			},
		);
		return {
			programId,
			programName: program.name ?? null,
			programType: program.type ?? null,
			channel: program.channel ?? null,
			members,
			reachedSuccess,
			successRate: ratio(reachedSuccess, members),
			acquiredByProgram,
			exhausted,
			byProgressionStatus,
			firstMembershipDate: first ?? null,
			lastMembershipDate: last ?? null,
		};
	}),
});
