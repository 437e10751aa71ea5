import { updateDisplayOptions } from 'n8n-workflow';

import { changesProperties, execute } from '../lead/getChanges.operation';

/** The same operation as Lead → Get Changes, offered under Activity too. */
export const description = updateDisplayOptions(
	{ show: { resource: ['activity'], operation: ['getLeadChanges'] } },
	changesProperties(),
);

export { execute };
