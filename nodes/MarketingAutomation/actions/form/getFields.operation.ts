import type { INodeProperties } from 'n8n-workflow';

import { defineOperation } from '../../../shared/operation';
import { concurrentReads } from '../batches';
import { formLocator } from '../fields';
import { checkId } from '../parameters';
import { readFormFields } from './formFields';

/**
 * `GET /rest/asset/v1/form/{id}/fields.json`: one item per field of the form (its REST name in
 * `id`, label, data type, whether it is required), the names Submit takes.
 */
export const operation = defineOperation({
	option: {
		name: 'Get Fields',
		value: 'getFields',
		description: 'Get the fields of a form, by the names Submit takes',
		action: 'Get the fields of a form',
	},
	fields: [formLocator] as INodeProperties[],
	check: checkId('form'),
	runBatch: concurrentReads(async function read(itemIndex, formId: number) {
		return await readFormFields(this, formId, itemIndex);
	}),
});
