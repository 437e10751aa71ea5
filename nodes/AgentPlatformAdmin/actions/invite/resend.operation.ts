import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';

import { inviteCodeField, operationFields } from '../../helpers/fields';
import { projectLocator, readProject } from '../../helpers/project';
import { INVITE_CODE, readIdParameter } from '../../helpers/validation';
import { resendInvite } from '../../transport/directory';
import type { AgentPlatformAdminMap } from '../node.type';

export const operation = 'resend' satisfies AgentPlatformAdminMap['invite'];

export const description = operationFields('invite', operation, [
	projectLocator,
	inviteCodeField('Code of the pending invite to send again (invite_code from Invite → Get Many)'),
]);

export const option: INodePropertyOptions = {
	name: 'Resend',
	value: operation,
	action: 'Send a pending invite again',
	description:
		'Send the invite e-mail of a pending invite of a project (by default the credential’s) again. Needs an Admin key.',
};

const readInput = (ctx: IExecuteFunctions, itemIndex: number) => ({
	project: readProject(ctx, itemIndex),
	code: readIdParameter(ctx, 'inviteCode', itemIndex, INVITE_CODE),
});

export function validate(this: IExecuteFunctions, itemIndex: number): void {
	readInput(this, itemIndex);
}

/** Not replayed after an unclear failure: a second call would send a second e-mail. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { project, code } = readInput(this, itemIndex);
	const answer = await resendInvite(this, code, itemIndex, project);
	return { resent: true, ...answer, invite_code: answer.invite_code ?? code };
}
