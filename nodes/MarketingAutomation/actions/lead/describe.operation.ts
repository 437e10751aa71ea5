import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { simplifyField } from '../../../shared/descriptions';
import { apiRead } from '../../transport';
import { defineOperation } from '../../../shared/operation';

/** One lead field of `describe.json`, flat: its names for the REST and SOAP APIs and its type. */
function simplify(field: IDataObject): IDataObject {
	const rest = (field.rest ?? {}) as IDataObject;
	const soap = (field.soap ?? {}) as IDataObject;
	const out: IDataObject = {
		name: rest.name,
		displayName: field.displayName,
		dataType: field.dataType,
		readOnly: rest.readOnly === true,
	};
	if (field.length !== undefined) out.length = field.length;
	if (soap.name !== undefined) out.soapName = soap.name;
	return out;
}

/** Describe Lead (`GET /rest/v1/leads/describe.json`): one item per lead field. */
async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const answer = await apiRead.call(this, '/rest/v1/leads/describe.json', { itemIndex });
	const fields = answer.result ?? [];
	return this.getNodeParameter('simplify', itemIndex, true) ? fields.map(simplify) : fields;
}

export const operation = defineOperation({
	option: {
		name: 'Describe',
		value: 'describe',
		description: 'Get every lead field with its type and its REST and SOAP API names',
		action: 'Describe lead fields',
	},
	since: 2,
	fields: [simplifyField],
	run: execute,
});
