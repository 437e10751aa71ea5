import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/**
 * The key goes in `Authorization: Bearer <project>:<key>`, added here and not by the credential:
 * a credential with `authenticate` makes n8n add its "Custom API Call" to the node (see README,
 * "API Call"). Calls on the organization, not on a project, send an empty project part. The
 * project is the credential's, unless the call names another (`project`, a checked project ID:
 * the key has access to the whole account, so any project of its organization).
 */
const ORGANIZATION_SCOPED_PATHS = [/\/projects\/create$/];

export function authorization(
	credentials: ICredentialDataDecryptedObject,
	path: string,
	project?: string,
): string {
	const projectPart = ORGANIZATION_SCOPED_PATHS.some((scoped) => scoped.test(path))
		? ''
		: (project ?? String(credentials.projectId ?? '').trim());
	return `Bearer ${projectPart}:${String(credentials.apiKey ?? '').trim()}`;
}
