import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { shorten } from '../parameters';
import { keyLabel } from './objects';
import { itemParameter } from '../../../shared/itemParameters';
import { isBlank } from '../../helpers/mappedRecord';

/** The compound keys of an item: a JSON array (or one object) whose objects hold exactly the key. */
export function compoundValues(
	ctx: IExecuteFunctions,
	itemIndex: number,
	key: string[],
	label: string,
): IDataObject[] {
	let raw = itemParameter<unknown>(ctx, 'keyValues', itemIndex, '[]');
	if (typeof raw === 'string') {
		try {
			raw = JSON.parse(raw);
		} catch {
			// refused below
		}
	}
	const list = Array.isArray(raw) ? raw : [raw];
	if (
		list.length === 0 ||
		list.some((v) => v === null || typeof v !== 'object' || Array.isArray(v))
	) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Key Values of item ${itemIndex} are ${shorten(raw)}, not a JSON array of key objects`,
			{
				itemIndex,
				description: `Give one object per record with ${keyLabel(key)}, e.g. [${JSON.stringify(Object.fromEntries(key.map((k) => [k, '…'])))}].`,
			},
		);
	}
	for (const value of list as IDataObject[]) {
		const given = Object.keys(value).sort();
		const missing = key.filter((field) => isBlank(value[field]));
		const extra = given.filter((field) => !key.includes(field));
		if (missing.length > 0 || extra.length > 0) {
			throw new NodeOperationError(
				ctx.getNode(),
				`${shorten(value)} in Key Values of item ${itemIndex} is not a key of ${label}: ${missing.length > 0 ? `${keyLabel(missing)} missing` : `${keyLabel(extra)} not part of the key`}`,
				{
					itemIndex,
					description: `The dedupe key is ${keyLabel(key)}: give exactly these fields.`,
				},
			);
		}
	}
	return list as IDataObject[];
}

/** Token paging of a compound-key query (`POST …json?_method=GET`, JSON body, token in the body). */
export async function collectCompound(
	ctx: IExecuteFunctions,
	path: string,
	body: IDataObject,
	limit: number,
	itemIndex: number,
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	const seen = new Set<string>();
	let token: string | undefined;
	for (;;) {
		const page = await apiRequest.call(ctx, {
			method: 'POST',
			path,
			qs: { _method: 'GET' },
			body: token ? { ...body, nextPageToken: token } : body,
			safeToRepeat: true,
			itemIndex,
		});
		for (const record of page.result ?? []) if (records.length < limit) records.push(record);
		token = page.nextPageToken;
		if (!token || page.moreResult === false || records.length >= limit || seen.has(token)) break;
		seen.add(token);
	}
	return records;
}
