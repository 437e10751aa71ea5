import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import { requireEmail, requireRoles, requireText } from './checks';
import { permissionsFor } from './permissions';
import { assertServiceSuccess } from './serviceErrors';

/** preSend/postReceive hooks of the declarative operations: input checks and output shaping. */

function param(ctx: IExecuteSingleFunctions, name: string): unknown {
	return ctx.getNodeParameter(name, '');
}

function body(options: IHttpRequestOptions): IDataObject {
	return (options.body ?? {}) as IDataObject;
}

export const checkProjectInput: PreSendAction = async function (this, options) {
	const itemIndex = this.getItemIndex();
	const fields = body(options);
	requireText(this.getNode(), itemIndex, fields.name, 'Name');
	requireText(this.getNode(), itemIndex, fields.organization_id, 'Organization ID');
	return options;
};

export const buildInviteBody: PreSendAction = async function (this, options) {
	const itemIndex = this.getItemIndex();
	const email = requireEmail(this.getNode(), itemIndex, param(this, 'email'));
	const roles = requireRoles(this.getNode(), itemIndex, param(this, 'roles'));
	options.body = { email, permissions: permissionsFor(roles) };
	return options;
};

export const buildInviteDeleteBody: PreSendAction = async function (this, options) {
	const code = requireText(
		this.getNode(),
		this.getItemIndex(),
		param(this, 'inviteCode'),
		'Invite Code',
	);
	options.body = { invite_code: code };
	return options;
};

export const buildRoleUpdateBody: PreSendAction = async function (this, options) {
	const itemIndex = this.getItemIndex();
	requireText(this.getNode(), itemIndex, param(this, 'userId'), 'User ID');
	const roles = requireRoles(this.getNode(), itemIndex, param(this, 'roles'));
	const { overwrite } = (param(this, 'options') ?? {}) as { overwrite?: boolean };
	options.body = {
		permissions: permissionsFor(roles),
		...(overwrite === undefined ? {} : { overwrite }),
	};
	return options;
};

export const checkUserId: PreSendAction = async function (this, options) {
	requireText(this.getNode(), this.getItemIndex(), param(this, 'userId'), 'User ID');
	// The service wants exactly `{}`; n8n drops an empty object body, so send it as JSON text.
	options.body = '{}';
	return options;
};

/** Fails the item on any non-2xx answer (requests run with ignoreHttpStatusErrors). */
export function checkAnswer(action: string, requiresAdmin: boolean): PostReceiveAction {
	return async function (this, items, response) {
		assertServiceSuccess(this.getNode(), response, {
			action,
			requiresAdmin,
			itemIndex: this.getItemIndex(),
		});
		return items;
	};
}

/** Replaces the service's answer with `shape(answer)`, paired with the input item. */
export function outputOf(
	shape: (this: IExecuteSingleFunctions, answer: IDataObject) => IDataObject,
): PostReceiveAction {
	return async function (this, _items: INodeExecutionData[], response: IN8nHttpFullResponse) {
		const answer = (
			typeof response.body === 'object' && response.body ? response.body : {}
		) as IDataObject;
		return [{ json: shape.call(this, answer), pairedItem: { item: this.getItemIndex() } }];
	};
}

export const inviteOutput = outputOf(function (answer) {
	return {
		...answer,
		email: String(param(this, 'email')).trim(),
		roles: requireRoles(this.getNode(), this.getItemIndex(), param(this, 'roles')),
		auto_accepted: isAutoAccepted(answer),
	};
});

/** The service marks an invite that an existing organization member accepted at once. */
export function isAutoAccepted(answer: IDataObject): boolean {
	return (
		answer.accepted === true || answer.status === 'accepted' || answer.email_status === 'accepted'
	);
}
