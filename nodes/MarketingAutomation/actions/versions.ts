import type { IDisplayOptions } from 'n8n-workflow';

type Show = NonNullable<IDisplayOptions['show']>;

/**
 * Display conditions by node version. Saved workflows keep the version they were built with, so a
 * field or operation that changed in version 2 is shown in its version-1 form to version-1 nodes.
 */
export const versionOne: Show = { '@version': [1] };
export const fromVersionTwo: Show = { '@version': [{ _cnd: { gte: 2 } }] };
/** Version 2.1: Lead and Program Member → Create or Update map fields with the column mapper. */
export const beforeVersionTwoOne: Show = { '@version': [{ _cnd: { lt: 2.1 } }] };
export const fromVersionTwoOne: Show = { '@version': [{ _cnd: { gte: 2.1 } }] };
export const COLUMN_MAPPER_VERSION = 2.1;

/** The node's versions for `defineResource`: one Operation list each where they differ. */
export const NODE_VERSIONS = [
	{ version: 1, show: versionOne },
	{ version: 2, show: fromVersionTwo },
];
