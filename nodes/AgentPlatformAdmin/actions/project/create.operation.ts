import { requiredText } from '../../helpers/fields';
import { ORGANIZATION_ID, readText, requireId, requireText } from '../../helpers/validation';
import { apiRequest } from '../../transport';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a project in an organization and get its ID',
		description:
			'Create a project in an organization and return its ID. To invite people into it, map its project_id into the Project field of an Invite or User operation.',
	},
	fields: [
		requiredText(
			'Name',
			'name',
			'e.g. Support agents',
			'Name of the new project: any text that is not empty',
		),
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
				'ID of the organization that will own the project: one token without spaces or / ? # %, at most 240 characters. Copy it from the organization’s settings in the platform’s console, or from the organization_id of one of its projects.',
		},
	],
	/** The item's checked fields as the service wants them, the organization ID always as a string. */
	check(itemIndex) {
		const node = this.getNode();
		const read = (name: string) => this.getNodeParameter(name, itemIndex, '');
		return {
			name: requireText(node, itemIndex, read('name'), 'Name'),
			description: readText(node, itemIndex, read('description'), 'Description'),
			organization_id: requireId(node, itemIndex, read('organizationId'), ORGANIZATION_ID),
		};
	},
	/** Sends `{name, description, organization_id}`; the output is the service's answer (`{project_id}`). */
	async run(itemIndex, body) {
		return await apiRequest.call(this, '/projects/create', body, {
			action: 'create the project',
			requiresAdmin: false,
			keyMustAlso: 'create projects in it',
			itemIndex,
			safeToRepeat: false,
			whereToCheck: "the organization's projects",
		});
	},
});
