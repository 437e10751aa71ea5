import type { IExecuteFunctions, INode } from 'n8n-workflow';

import {
	abnIdentifier,
	emailIdentifier,
	prepareIdentifier,
} from '../../../nodes/enrichment/identifiers';
import { INVALID_ARGUMENT_COMPANY_ABN_ABN_51 } from './messages';

/** An enrichment node's context with one item, the node as n8n runs it (a tool or not). */
function context(type: string, parameters: INode['parameters'], values: Record<string, string>) {
	const node: INode = {
		id: 'n1',
		name: 'Lookup',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	return {
		getNode: () => node,
		getNodeParameter: (name: string) => values[name],
	} as unknown as IExecuteFunctions;
}

function messageOf(run: () => unknown): string {
	try {
		run();
	} catch (error) {
		return (error as Error).message;
	}
	throw new Error('no error thrown');
}

const SPECS = [emailIdentifier('email'), abnIdentifier('abn')];
const TOOL = 'n8n-nodes-agent-platform.anzSalesIntelligenceTool';

describe('enrichment input checks as an AI agent tool', () => {
	it('names the argument the model filled and puts the fix in the message', () => {
		const ctx = context(
			TOOL,
			{ identifyBy: 'abn', abn: "={{ $fromAI('company_abn', 'ABN', 'string') }}" },
			{ abn: '51 824 753 557' },
		);
		expect(messageOf(() => prepareIdentifier(ctx, 0, SPECS, 'abn'))).toBe(
			INVALID_ARGUMENT_COMPANY_ABN_ABN_51,
		);
		const email = context(
			TOOL,
			{ identifyBy: 'email', email: "={{ $fromAI('email') }}" },
			{ email: 'kim at example' },
		);
		expect(messageOf(() => prepareIdentifier(email, 0, SPECS, 'email'))).toBe(
			'Invalid argument \'email\': "kim at example" is not a valid email address. Enter an email address such as name@example.com.',
		);
	});

	it('keeps the editor wording outside a tool run, or for a field the user set', () => {
		const plain = context(
			'n8n-nodes-agent-platform.anzSalesIntelligence',
			{ identifyBy: 'email', email: "={{ $fromAI('email') }}" },
			{ email: 'kim at example' },
		);
		expect(messageOf(() => prepareIdentifier(plain, 0, SPECS, 'email'))).toBe(
			'Invalid "Email" in item 0: "kim at example" is not a valid email address',
		);
		const fixed = context(
			TOOL,
			{ identifyBy: 'email', email: 'kim at example' },
			{
				email: 'kim at example',
			},
		);
		expect(messageOf(() => prepareIdentifier(fixed, 0, SPECS, 'email'))).toBe(
			'Invalid "Email" in item 0: "kim at example" is not a valid email address',
		);
	});
});
