import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { simplifyField } from '../../../shared/descriptions';
import { apiRead } from '../../transport';
import { concurrentReads } from '../batches';
import { simplifyDescribe } from '../leadDatabase/describe';
import { MEMBERS_DESCRIBE } from './fields';
import { defineOperation } from '../../../shared/operation';

/** `GET /rest/v1/programs/members/describe.json`: the member fields, dedupe key and searchable fields. */
async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const answer = await apiRead.call(this, MEMBERS_DESCRIBE, { itemIndex });
	const describe = answer.result?.[0] ?? {};
	return this.getNodeParameter('simplify', itemIndex, true) ? simplifyDescribe(describe) : describe;
}

export const operation = defineOperation({
	option: {
		name: 'Describe',
		value: 'describe',
		description: 'Get the member fields and searchable fields of programs',
		action: 'Describe program members',
	},
	fields: [simplifyField],
	runBatch: concurrentReads(execute),
});
