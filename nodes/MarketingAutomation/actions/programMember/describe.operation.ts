import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyField } from '../../../shared/descriptions';
import { apiRequest } from '../../transport';
import { concurrentReads } from '../batches';
import { simplifyDescribe } from '../leadDatabase/describe';
import type { MarketingAutomationMap } from '../node.type';
import { MEMBERS_DESCRIBE } from './fields';

export const operation = 'describe' satisfies MarketingAutomationMap['programMember'];

export const description = updateDisplayOptions(
	{ show: { resource: ['programMember'], operation: [operation] } },
	[simplifyField],
);

/** `GET /rest/v1/programs/members/describe.json`: the member fields, dedupe key and searchable fields. */
async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const answer = await apiRequest.call(this, {
		method: 'GET',
		safeToRepeat: true,
		path: MEMBERS_DESCRIBE,
		itemIndex,
	});
	const describe = answer.result?.[0] ?? {};
	return this.getNodeParameter('simplify', itemIndex, true) ? simplifyDescribe(describe) : describe;
}

/** Several items' reads run concurrently (see `concurrentReads`). */
export const executeBatch = concurrentReads(execute);
