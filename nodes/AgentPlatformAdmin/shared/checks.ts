import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isValidEmail } from '../../shared/validation';
import { isKnownRole } from './permissions';

/** Reads a parameter of the current item; both execute contexts offer this shape. */
export type ParameterReader = (name: string) => unknown;

// Item numbers start at 0, as in n8n's own messages and the package's other nodes.
const itemLabel = (itemIndex: number) => `item ${itemIndex}`;

export function requireText(node: INode, itemIndex: number, value: unknown, field: string): string {
	const text =
		typeof value === 'string'
			? value.trim()
			: value === undefined || value === null
				? ''
				: String(value);
	if (!text) {
		throw new NodeOperationError(node, `The '${field}' field of ${itemLabel(itemIndex)} is empty`, {
			itemIndex,
			description: `Enter a value for '${field}', or map one with an expression that is not empty for every item.`,
		});
	}
	return text;
}

export function requireEmail(node: INode, itemIndex: number, value: unknown): string {
	const email = requireText(node, itemIndex, value, 'Email');
	if (!isValidEmail(email)) {
		throw new NodeOperationError(
			node,
			`'${email}' in the 'Email' field of ${itemLabel(itemIndex)} is not an e-mail address`,
			{ itemIndex, description: 'Enter an address such as name@example.com.' },
		);
	}
	return email;
}

export function requireRoles(node: INode, itemIndex: number, value: unknown): string[] {
	const roles = (
		Array.isArray(value) ? value : typeof value === 'string' && value ? value.split(',') : []
	)
		.map((role) => String(role).trim())
		.filter(Boolean);
	if (roles.length === 0) {
		throw new NodeOperationError(
			node,
			`No role chosen in the 'Roles' field of ${itemLabel(itemIndex)}`,
			{
				itemIndex,
				description: 'Choose at least one role: Admin, Editor or Viewer.',
			},
		);
	}
	const unknown = roles.find((role) => !isKnownRole(role));
	if (unknown) {
		throw new NodeOperationError(
			node,
			`'${unknown}' in the 'Roles' field of ${itemLabel(itemIndex)} is not a role the service knows`,
			{ itemIndex, description: "Use 'admin', 'role:editor' or 'role:viewer'." },
		);
	}
	return [...new Set(roles)];
}
