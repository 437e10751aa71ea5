import type { INodeProperties } from 'n8n-workflow';

import { userIdField } from '../../shared/fields';

export const userRemoveFromProjectFields: INodeProperties[] = [
	userIdField({ show: { resource: ['user'], operation: ['removeFromProject'] } }),
];
