import type { INodeProperties } from 'n8n-workflow';

import { inviteCodeField } from '../../shared/fields';

export const inviteDeleteFields: INodeProperties[] = [
	inviteCodeField(
		{ show: { resource: ['invite'], operation: ['delete'] } },
		'Code of the invite to delete, as returned by Invite → Create',
	),
];
