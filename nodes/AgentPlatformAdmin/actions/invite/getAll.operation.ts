import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { limitOf, returnAllAndLimit } from '../../../shared/descriptions';
import { projectLocator, readProject } from '../../helpers/project';
import { listInvites } from '../../transport/directory';
import { defineOperation } from '../../../shared/operation';

function check(this: IExecuteFunctions, itemIndex: number): void {
	readProject(this, itemIndex);
}

/** The platform answers every invite at once; Limit keeps the first ones. */
async function run(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const invites = await listInvites(this, itemIndex, readProject(this, itemIndex));
	return invites.slice(0, limitOf(this, itemIndex));
}

export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many pending invites',
		description:
			'List the pending invites of a project (by default the credential’s), with their e-mail status. Needs an Admin key.',
	},
	fields: [projectLocator, ...returnAllAndLimit],
	check,
	run,
});
