import type { INodeProperties } from 'n8n-workflow';

import { CUSTOM_OBJECT_PARAMETER, type ObjectKind } from './objects';

/** The custom object type, picked from the instance's types (`GET /rest/v1/customobjects.json`). */
const customObjectField: INodeProperties = {
	displayName: 'Custom Object Name or ID',
	name: CUSTOM_OBJECT_PARAMETER,
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getCustomObjectTypes' },
	default: '',
	required: true,
	description:
		'The custom object type of the instance. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** The object's own leading parameters: the custom object type for custom objects, else none. */
export const objectFields = (kind: ObjectKind): INodeProperties[] =>
	kind.resource === 'customObject' ? [customObjectField] : [];

/** The object fields a query returns, from the object's describe. */
export const objectFieldsOption: INodeProperties = {
	displayName: 'Field Names or IDs',
	name: 'fields',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getObjectFields', loadOptionsDependsOn: ['customObject'] },
	default: [],
	description:
		'Fields to return (without any: the ID, the dedupe fields, createdAt and updatedAt). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};
