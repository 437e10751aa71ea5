import type { IDataObject } from 'n8n-workflow';

/** The lead describe (`GET /rest/v1/leads/describe2.json`, `result[0]`). */
export interface LeadDescribe {
	searchableFields?: string[][];
	fields?: Array<{ name?: string; displayName?: string; dataType?: string; updateable?: boolean }>;
}

/** One reading of the describe: when it was asked for, and its answer. */
export interface DescribeReading {
	readAt: number;
	answer: Promise<LeadDescribe>;
}

/** Where a process keeps one instance's (and API user's) latest reading. */
export interface DescribeHolder {
	reading?: DescribeReading;
}

export const describeFromEnvelope = (envelope: { result?: IDataObject[] }): LeadDescribe =>
	(envelope.result?.[0] ?? {}) as LeadDescribe;

const holders = new Map<string, DescribeHolder>();

/**
 * The process's holder for an instance and API user (module state, as the limiters are): every
 * execution of this process on that instance shares its reading.
 */
export function describeHolderFor(key: string): DescribeHolder {
	let holder = holders.get(key);
	if (!holder) {
		holder = {};
		holders.set(key, holder);
	}
	return holder;
}
