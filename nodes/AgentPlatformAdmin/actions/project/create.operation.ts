import type { INodePropertyOptions, PreSendAction } from 'n8n-workflow';

import { operationFields } from '../../helpers/fields';
import { ORGANIZATION_ID, readText, requireId, requireText } from '../../helpers/validation';
import { adminRouting, withBody } from '../../transport';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'create' satisfies AgentPlatformAdminMap['project'];

export const description = operationFields('project', operation, [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Support agents',
		description: 'Name of the new project: any text that is not empty',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		typeOptions: { rows: 2 },
		placeholder: 'e.g. Agents that answer customer tickets',
		description: 'What the project is for (optional text)',
	},
	{
		displayName: 'Organization ID',
		name: 'organizationId',
		type: 'string',
		required: true,
		default: '',
		description:
			'ID of the organization that will own the project, as the service shows it: one token without spaces or / ? # %, at most 240 characters',
	},
]);

/** Checks the item and sends `{name, description, organization_id}`, the ID always as a string. */
const buildBody: PreSendAction = async function (this, options) {
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	const read = (name: string) => this.getNodeParameter(name, '');
	const name = requireText(node, itemIndex, read('name'), 'Name');
	const text = readText(node, itemIndex, read('description'), 'Description');
	const organizationId = requireId(node, itemIndex, read('organizationId'), ORGANIZATION_ID);
	return withBody(options, { name, description: text, organization_id: organizationId });
};

export const option: INodePropertyOptions = {
	name: 'Create',
	value: operation,
	action: 'Create a project in an organization and get its ID',
	description: 'Create a project in an organization and return its ID',
	routing: adminRouting({
		url: '/projects/create',
		preSend: buildBody,
		action: 'create the project',
		requiresAdmin: false,
		creates: "the organization's projects",
		output: (answer) => answer,
	}),
};
