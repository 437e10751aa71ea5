import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { requireEmail, requireRoles, requireText } from '../../shared/checks';
import { emailField, inviteCodeField, rolesField } from '../../shared/fields';
import { isAutoAccepted } from '../../shared/hooks';
import { permissionsFor } from '../../shared/permissions';
import { adminRequest } from '../../transport';

const showFor = { show: { resource: ['invite'], operation: ['changeRole'] } };

export const inviteChangeRoleFields: INodeProperties[] = [
	inviteCodeField(showFor, 'Code of the invite whose roles change; it is deleted and replaced'),
	emailField(showFor, 'E-mail address the invite was sent to; the new invite goes to this address'),
	rolesField(showFor, 'Roles of the new invite; they replace the old invite’s roles'),
];

/**
 * The service cannot edit an invite's roles, so this deletes the invite and creates a new one.
 * If the delete worked and the create did not, the error says so: the old code is gone.
 */
export async function changeInviteRole(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const output: INodeExecutionData[] = [];
	const node = this.getNode();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const oldCode = requireText(
				node,
				itemIndex,
				this.getNodeParameter('inviteCode', itemIndex),
				'Invite Code',
			);
			const email = requireEmail(node, itemIndex, this.getNodeParameter('email', itemIndex));
			const roles = requireRoles(node, itemIndex, this.getNodeParameter('roles', itemIndex));

			await adminRequest.call(
				this,
				'/auth/invite/delete',
				{ invite_code: oldCode },
				{
					action: `delete invite ${oldCode}`,
					requiresAdmin: true,
					itemIndex,
				},
			);
			let answer: IDataObject;
			try {
				answer = await adminRequest.call(
					this,
					'/auth/invite/create',
					{ email, permissions: permissionsFor(roles) },
					{ action: 'create the replacement invite', requiresAdmin: true, itemIndex },
				);
			} catch (error) {
				const cause = error as NodeApiError;
				throw new NodeApiError(
					node,
					{ message: cause.message },
					{
						message: `Invite ${oldCode} was deleted, but the new invite for ${email} could not be created: ${cause.message}`,
						description:
							`The old invite code no longer works and ${email} has no invite now. Create one with Invite → Create (roles: ${roles.join(', ')}). ${cause.description ?? ''}`.trim(),
						httpCode: cause.httpCode ?? undefined,
						itemIndex,
					},
				);
			}
			output.push({
				json: {
					...answer,
					previous_invite_code: oldCode,
					email,
					roles,
					auto_accepted: isAutoAccepted(answer),
				},
				pairedItem: { item: itemIndex },
			});
		} catch (error) {
			if (this.continueOnFail()) {
				output.push({ json: { error: (error as Error).message }, pairedItem: { item: itemIndex } });
				continue;
			}
			throw error instanceof NodeOperationError
				? error
				: new NodeApiError(node, error as JsonObject, { itemIndex });
		}
	}
	return [output];
}
