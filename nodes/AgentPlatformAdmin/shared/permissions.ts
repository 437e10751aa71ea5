/**
 * The service nests role actions under `permissions.items.<key>.actions`. The key is the service's
 * own name for its default permission scope; it lives here and nowhere else.
 */
export const PERMISSIONS_SCOPE_KEY = 'relevanceDefault';

export const ROLE_OPTIONS = [
	{ name: 'Admin', value: 'admin', description: 'Full control of the project, its users and keys' },
	{ name: 'Editor', value: 'role:editor', description: 'Build and change agents and tools' },
	{ name: 'Viewer', value: 'role:viewer', description: 'See the project without changing it' },
];

const KNOWN_ROLES = new Set(ROLE_OPTIONS.map((role) => role.value));

export function isKnownRole(role: string): boolean {
	return KNOWN_ROLES.has(role);
}

export interface PermissionsBody {
	items: Record<string, { actions: Record<string, boolean> }>;
}

/** Chosen roles become `true` actions; roles not chosen are left out (the service keeps them or not, per its overwrite flag). */
export function permissionsFor(roles: string[]): PermissionsBody {
	return {
		items: {
			[PERMISSIONS_SCOPE_KEY]: { actions: Object.fromEntries(roles.map((role) => [role, true])) },
		},
	};
}
