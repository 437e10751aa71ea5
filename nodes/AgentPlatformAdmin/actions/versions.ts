/**
 * Version 2 follows n8n's convention for listing operations: `getAll`, named Get Many. Version 1
 * (released) saved them as `getMany`: its Operation lists keep that value, so saved workflows open
 * and run unchanged, and the router reads it as `getAll`.
 */
export const RENAMED = { since: 2, values: { getAll: 'getMany' } };

/** Old operation value → current value, for the router. */
export const OLD_VALUES = Object.fromEntries(
	Object.entries(RENAMED.values).map(([current, old]) => [old, current]),
);

/** Version 2.1: Tool → Run's inputs are the picked tool's fields by default (see `tool/run`). */
export const TOOL_FIELDS_VERSION = 2.1;

/** Version 2.1: users, API keys and invites are picked from lists (see `helpers/fields`). */
export const PICKERS_VERSION = 2.1;
