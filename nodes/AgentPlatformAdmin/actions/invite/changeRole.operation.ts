import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { emailField, inviteCodeField, rolesField } from '../../helpers/fields';
import { projectLocator, readProject } from '../../helpers/project';
import { INVITE_CODE, readIdParameter, requireEmail, requireRoles } from '../../helpers/validation';
import { mayHaveRun } from '../../../shared/failure';
import { deleteInvite, isAutoAccepted } from '../../transport';
import { createInvite } from '../../transport/directory';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Change Role',
		value: 'changeRole',
		action: 'Change the roles of a pending invite (sends a new invite)',
		description:
			'Replace an invite with a new one that has other roles (the service cannot edit an invite). Needs an Admin key.',
	},
	fields: [
		projectLocator,
		...inviteCodeField(
			'Code of the invite whose roles change (invite_code from Invite → Create); it is deleted and replaced by a new invite with a new code',
		),
		emailField(
			'One e-mail address, the one the invite was sent to, e.g. name@example.com; the new invite goes to this address',
		),
		rolesField('Roles of the new invite; they replace the old invite’s roles'),
	],
	check(itemIndex) {
		const node = this.getNode();
		return {
			project: readProject(this, itemIndex),
			oldCode: readIdParameter(this, 'inviteCode', itemIndex, INVITE_CODE),
			email: requireEmail(node, itemIndex, this.getNodeParameter('email', itemIndex)),
			roles: requireRoles(node, itemIndex, this.getNodeParameter('roles', itemIndex)),
		};
	},
	/**
	 * The service cannot edit an invite's roles, so this deletes the invite and creates a new one.
	 * If the delete worked and the create did not, the error says so: the old code is gone.
	 */
	async run(itemIndex, { project, oldCode, email, roles }) {
		await deleteInvite.call(this, oldCode, `delete invite ${oldCode}`, itemIndex, project);
		let answer: IDataObject;
		try {
			answer = await createInvite(
				this,
				email,
				roles,
				'create the replacement invite',
				itemIndex,
				project,
			);
		} catch (error) {
			const cause = error as NodeApiError;
			if (mayHaveRun(cause)) {
				// The new invite may exist: telling the user to create one could make a second.
				cause.message = `Invite ${oldCode} was deleted; ${cause.message[0].toLowerCase()}${cause.message.slice(1)}`;
				throw cause;
			}
			const replaced = new NodeApiError(
				this.getNode(),
				{ message: cause.message },
				{
					message: `Invite ${oldCode} was deleted, but the new invite for ${email} could not be created: ${cause.message}`,
					description:
						`The old invite code no longer works and ${email} has no invite now. Create one with Invite → Create (roles: ${roles.join(', ')}). ${cause.description ?? ''}`.trim(),
					httpCode: cause.httpCode ?? undefined,
					itemIndex,
				},
			);
			if (cause.context?.requestId) replaced.context.requestId = cause.context.requestId;
			throw replaced;
		}
		return {
			...answer,
			previous_invite_code: oldCode,
			email,
			roles,
			auto_accepted: isAutoAccepted(answer),
		};
	},
});
