import type { IDataObject } from 'n8n-workflow';

import { limitOf, returnAllAndLimit, simplifyField } from '../../../shared/descriptions';
import { collectPages } from '../../helpers/paging';
import { listTools } from '../../transport/tools';
import { defineOperation } from '../../../shared/operation';

/** A tool as a workflow needs it: ID, title, description and the names of its inputs. */
function simplified(tool: IDataObject): IDataObject {
	const schema = (tool.params_schema ?? {}) as IDataObject;
	return {
		tool_id: tool.studio_id,
		title: tool.title,
		description: tool.description,
		inputs: Object.keys((schema.properties ?? {}) as IDataObject),
		required_inputs: Array.isArray(schema.required) ? schema.required : [],
	};
}

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many tools',
		description: 'List the tools of the project named in the credential, with their inputs',
	},
	fields: [...returnAllAndLimit, simplifyField],
	async run(itemIndex) {
		const tools = await collectPages(
			async (page, pageSize) => ({ rows: await listTools(this, page, pageSize, itemIndex) }),
			limitOf(this, itemIndex),
		);
		return this.getNodeParameter('simplify', itemIndex, true) ? tools.map(simplified) : tools;
	},
});
