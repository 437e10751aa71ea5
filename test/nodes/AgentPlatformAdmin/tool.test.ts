import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { PROJECT_ID, readProject } from '../../../nodes/AgentPlatformAdmin/helpers/project';
import {
	INVITE_CODE,
	readText,
	requireEmail,
	requireId,
	requireRoles,
	requireText,
	USER_ID,
} from '../../../nodes/AgentPlatformAdmin/helpers/validation';

/** The admin node as n8n runs it for an AI agent: the Tool variant, fields filled by `$fromAI`. */
const toolNode = (parameters: INode['parameters']): INode => ({
	id: 'n1',
	name: 'Invite Member',
	type: 'n8n-nodes-agent-platform.agentPlatformAdminTool',
	typeVersion: 1,
	position: [0, 0],
	parameters,
});

const fromAi = (key: string) => `={{ $fromAI('${key}', '', 'string') }}`;

function messageOf(check: () => unknown): string {
	try {
		check();
	} catch (error) {
		return (error as Error).message;
	}
	throw new Error('no error thrown');
}

describe('Agent Platform Admin › as an AI agent tool', () => {
	const node = toolNode({
		email: fromAi('invitee_email'),
		roles: fromAi('roles'),
		userId: fromAi('user'),
		inviteCode: fromAi('code'),
		name: fromAi('project_name'),
		project: { __rl: true, mode: 'id', value: fromAi('project_id') },
	});

	it('names the argument the model filled, not the editor field and item, and says the fix', () => {
		expect(messageOf(() => requireRoles(node, 0, 'Owner'))).toBe(
			"'Owner' in the argument 'roles' is not a role the service knows: use Admin, Editor or Viewer",
		);
		expect(messageOf(() => requireRoles(node, 0, ' , '))).toBe(
			"No role chosen in the argument 'roles': choose Admin, Editor or Viewer",
		);
		expect(messageOf(() => requireEmail(node, 0, 'kim at example'))).toBe(
			"'kim at example' in the argument 'invitee_email' is not an e-mail address: send one address such as name@example.com",
		);
		expect(messageOf(() => requireId(node, 0, '..', USER_ID))).toBe(
			"'..' in the argument 'user' is not a user ID: use letters, digits, '.', '_' and '-' only (at most 240 characters), and not '.' or '..'",
		);
		expect(messageOf(() => requireId(node, 0, 'a b', INVITE_CODE))).toBe(
			"'a b' in the argument 'code' is not an invite code: it may not contain spaces, control characters or / ? # %, and has at most 240 characters",
		);
		expect(messageOf(() => requireText(node, 0, '', 'Name'))).toBe(
			"The argument 'project_name' is empty",
		);
		expect(messageOf(() => readText(node, 0, { a: 1 }, 'Name'))).toBe(
			"The argument 'project_name' is an object, not text: send one value as text",
		);
	});

	it('names the project argument, and takes a left-out project as the credential’s', () => {
		expect(messageOf(() => requireId(node, 0, 'proj 2', PROJECT_ID))).toBe(
			"'proj 2' in the argument 'project_id' is not a project ID: use letters, digits, '.', '_' and '-' only (at most 240 characters), and not '.' or '..'",
		);
		const filledWith = (value: string) =>
			({ getNode: () => node, getNodeParameter: () => value }) as unknown as IExecuteFunctions;
		expect(readProject(filledWith(''), 0)).toBeUndefined();
		expect(readProject(filledWith(' proj-launch '), 0)).toBe('proj-launch');
		expect(messageOf(() => readProject(filledWith('a:b'), 0))).toBe(
			"'a:b' in the argument 'project_id' is not a project ID: use letters, digits, '.', '_' and '-' only (at most 240 characters), and not '.' or '..'",
		);
	});

	it('accepts role names as a model writes them: any case, with or without role:, comma-separated', () => {
		expect(requireRoles(node, 0, 'Editor, role:VIEWER, admin, editor')).toEqual([
			'role:editor',
			'role:viewer',
			'admin',
		]);
	});

	it('keeps the editor wording for a field the user set (no $fromAI) in a tool', () => {
		const fixed = toolNode({ roles: ['owner'] });
		expect(messageOf(() => requireRoles(fixed, 3, ['owner']))).toBe(
			"'owner' in the 'Roles' field of item 3 is not a role the service knows: use Admin, Editor or Viewer",
		);
	});
});
