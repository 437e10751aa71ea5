import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { toolArgumentOf } from '../../shared/tool';
import { listThenIdModes } from '../../shared/descriptions';
import { userIdField } from './fields';
import { place, readText, refuse, requireId, USER_ID, type IdForm } from './validation';

/**
 * The Project field of the invite and user operations: the project a call acts on. Empty (the
 * default, and what saved workflows have) means the project named in the credential. The project
 * goes in the call's `Authorization: Bearer <project>:<key>`; the key has access to the whole
 * account, so any project of its organization works, such as one Project → Create just made.
 */

const PARAMETER = 'project';

export const projectLocator: INodeProperties = {
	displayName: 'Project',
	name: PARAMETER,
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	description:
		'The project to act on. Leave it empty for the project named in the credential. To act on a project made earlier in the workflow, choose By ID and map the project_id that Project → Create output.',
	...listThenIdModes(
		'searchProjects',
		{
			placeholder: "e.g. {{ $('Create Project').item.json.project_id }}",
			// Empty is allowed: the credential's project.
			regex: '^\\s*([A-Za-z0-9._-]{1,240})?\\s*$',
			errorMessage:
				"Not a valid project ID: letters, digits, '.', '_' and '-' only, at most 240 characters",
		},
		"The credential's project",
	),
};

/** User ID of the user operations: a member of the project the Project field names. */
export const memberIdField: INodeProperties = {
	...userIdField(),
	description:
		"ID of a user who is a member of the project (the Project field; by default the project named in the credential): letters, digits, '.', '_' and '-' only, at most 240 characters",
};

/**
 * The service's project IDs take the form of its other path IDs (letters, digits, `.`, `_`, `-`,
 * at most 240): they are path segments of its project calls. No `:`, space or line break, so the
 * ID cannot change the authorization header it goes in.
 */
export const PROJECT_ID: IdForm = {
	...USER_ID,
	field: 'Project',
	noun: 'a project ID',
};

/** Whether the field's saved value is an expression (in a resource locator, its `value`). */
function isExpression(raw: unknown): boolean {
	const value =
		raw !== null && typeof raw === 'object' ? (raw as IDataObject).value : (raw as unknown);
	return typeof value === 'string' && value.startsWith('=');
}

/**
 * The checked project of one item, or undefined for the credential's project. An expression that
 * returns nothing is refused (it would act on the credential's project unnoticed), except when a
 * model fills the field as a tool argument and leaves it out.
 */
export function readProject(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const node = ctx.getNode();
	const value = ctx.getNodeParameter(PARAMETER, itemIndex, '', { extractValue: true });
	const project = readText(node, itemIndex, value, PROJECT_ID.field);
	if (project !== '') return requireId(node, itemIndex, project, PROJECT_ID);
	const raw = node.parameters[PARAMETER];
	if (isExpression(raw) && toolArgumentOf(node, PARAMETER) === undefined) {
		refuse(
			node,
			itemIndex,
			`The expression in ${place(node, itemIndex, PROJECT_ID.field)} returned nothing`,
			"Map a project ID (e.g. {{ $('Create Project').item.json.project_id }}), or clear the field to act on the project named in the credential.",
		);
	}
	return undefined;
}
