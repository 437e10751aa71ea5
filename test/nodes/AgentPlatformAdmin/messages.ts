/**
 * The admin node's long expected texts (150 characters and more), named by what they say, so the
 * test bodies stay readable. Texts that differ only by a value are functions of that value.
 */

// ---- The Project field of the invite and user operations

/** A Project value outside the service's ID form, refused before any call. */
export const NOT_A_PROJECT_ID = (value: string, item = 0) =>
	`'${value}' in the 'Project' field of item ${item} is not a project ID: use letters, digits, '.', '_' and '-' only (at most 240 characters), and not '.' or '..'`;

/** A 401/403 to an Admin call on a project the Project field names. */
export const ADMIN_ROLE_ON_PROJECT_FIX = (project: string, requestId: string) =>
	`This operation needs an API key with the Admin role on project ${project}. Create the key as an Admin under Integrations & API Keys, or ask an Admin to run it. Check too that the Project field names a project of the key's organization. (request ID ${requestId})`;
