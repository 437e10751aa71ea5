import type { INode } from 'n8n-workflow';

import {
	fieldPlace,
	fromAiKeys,
	isToolRun,
	toolArgumentOf,
	toolArguments,
} from '../../nodes/shared/tool';

const node = (type: string, parameters: INode['parameters']): INode => ({
	id: 'n1',
	name: 'Lead Tool',
	type,
	typeVersion: 1,
	position: [0, 0],
	parameters,
});

const TOOL = 'n8n-nodes-agent-platform.marketingAutomationTool';
const PLAIN = 'n8n-nodes-agent-platform.marketingAutomation';

describe('running as an AI agent tool', () => {
	it("knows a tool run by n8n's <type>Tool variant", () => {
		expect(isToolRun(node(TOOL, {}))).toBe(true);
		expect(isToolRun(node(PLAIN, {}))).toBe(false);
	});

	it('finds every $fromAI key in collections and lists, in any quoting and n8n spelling', () => {
		expect(
			fromAiKeys({
				email: "={{ $fromAI('email', 'An e-mail address', 'string') }}",
				options: {
					list: [`={{ $fromAi("list_id") }}`, '={{ $fromai(`tag-1`, ``) }}'],
					nested: { again: "={{ $fromAI('email') }} and {{ $json.other }}" },
				},
				plain: 'no expression',
				count: 3,
			}),
		).toEqual(['email', 'list_id', 'tag-1']);
		expect(fromAiKeys("={{ $fromAI('bad key') }}")).toEqual([]);
	});

	it('names the argument a model filled, and the editor field otherwise', () => {
		const parameters = {
			email: "={{ $fromAI('address', 'E-mail', 'string') }}",
			roles: ['admin'],
			options: { listId: "={{ $fromAI('list') }}" },
		};
		expect(toolArgumentOf(node(TOOL, parameters), 'email')).toBe('address');
		expect(toolArgumentOf(node(TOOL, parameters), 'options.listId')).toBe('list');
		expect(toolArgumentOf(node(TOOL, parameters), 'roles')).toBeUndefined();
		expect(toolArgumentOf(node(TOOL, parameters), 'missing.path')).toBeUndefined();
		expect(toolArgumentOf(node(PLAIN, parameters), 'email')).toBeUndefined();

		expect(fieldPlace(node(TOOL, parameters), 0, 'email', 'Email')).toBe("the argument 'address'");
		expect(fieldPlace(node(TOOL, parameters), 0, 'roles', 'Roles')).toBe(
			"the 'Roles' field of item 0",
		);
		expect(fieldPlace(node(PLAIN, parameters), 2, 'email', 'Email')).toBe(
			"the 'Email' field of item 2",
		);
	});

	it("keeps only the model's arguments of a tool run's item, and the whole item otherwise", () => {
		const item = {
			chatInput: 'Add ana@example.com',
			sessionId: 's-1',
			toolCallId: 'call_1',
			email: 'ana@example.com',
			firstName: 'Ana',
		};
		const parameters = {
			email: "={{ $fromAI('email') }}",
			more: "={{ $fromAI('firstName') }}",
		};
		expect(toolArguments(node(TOOL, parameters), item)).toEqual({
			email: 'ana@example.com',
			firstName: 'Ana',
		});
		expect(toolArguments(node(TOOL, {}), item)).toEqual({});
		expect(toolArguments(node(PLAIN, parameters), item)).toBe(item);
	});
});
