import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * The service nests role actions under `permissions.items.<key>.actions`. The key is the service's
 * own name for its default permission scope; it lives here and nowhere else.
 */
export const PERMISSIONS_SCOPE_KEY = 'relevanceDefault';

export const ROLE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Admin', value: 'admin', description: 'Full control of the project, its users and keys' },
	{ name: 'Editor', value: 'role:editor', description: 'Build and change agents and tools' },
	{ name: 'Viewer', value: 'role:viewer', description: 'See the project without changing it' },
];

/** "Admin, Editor or Viewer": the roles as the editor shows them, for messages. */
export const ROLE_NAMES = ROLE_OPTIONS.map((role) => role.name)
	.join(', ')
	.replace(/, ([^,]+)$/, ' or $1');

/** Role name without the `role:` prefix, lower-case → wire form (`editor` → `role:editor`). */
const WIRE_FORM = new Map(
	ROLE_OPTIONS.map((role) => [role.name.toLowerCase(), String(role.value)] as const),
);

/**
 * The wire form of a role typed in any case, with or without the `role:` prefix (`Editor`,
 * `role:EDITOR` and `role:editor` are all `role:editor`), or undefined for a role the service
 * does not know.
 */
export function normaliseRole(role: string): string | undefined {
	return WIRE_FORM.get(
		role
			.trim()
			.toLowerCase()
			.replace(/^role:\s*/, ''),
	);
}

/** Chosen roles become `true` actions; roles not chosen are left out (the service keeps them or not, per its overwrite flag). */
export function permissionsFor(roles: string[]) {
	return {
		items: {
			[PERMISSIONS_SCOPE_KEY]: { actions: Object.fromEntries(roles.map((role) => [role, true])) },
		},
	};
}
