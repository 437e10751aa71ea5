import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';

import { filtersCollection, limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { operationFields } from '../../helpers/fields';
import { collectPages } from '../../helpers/paging';
import { projectLocator, readProject } from '../../helpers/project';
import { requireEmail } from '../../helpers/validation';
import { listUsers } from '../../transport/directory';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'getMany' satisfies AgentPlatformAdminMap['user'];

export const description = operationFields('user', operation, [
	projectLocator,
	...returnAllAndLimit,
	filtersCollection([
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			default: '',
			placeholder: 'e.g. nathan@example.com',
			description: 'Only the user with this e-mail address',
		},
	]),
]);

export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: operation,
	action: 'Get many users of a project',
	description: 'List the users of a project (by default the credential’s) and their roles',
};

function readEmail(this: IExecuteFunctions, itemIndex: number): string | undefined {
	const { email } = (this.getNodeParameter('filters', itemIndex, {}) ?? {}) as IDataObject;
	if (email === undefined || email === '') return undefined;
	return requireEmail(this.getNode(), itemIndex, email);
}

function readInput(this: IExecuteFunctions, itemIndex: number) {
	return { project: readProject(this, itemIndex), email: readEmail.call(this, itemIndex) };
}

export function validate(this: IExecuteFunctions, itemIndex: number): void {
	readInput.call(this, itemIndex);
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { project, email } = readInput.call(this, itemIndex);
	return await collectPages(
		async (page, pageSize) => await listUsers(this, page, pageSize, email, itemIndex, project),
		limitOf(this, itemIndex),
	);
}
