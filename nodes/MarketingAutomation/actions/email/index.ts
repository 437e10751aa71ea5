import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { fromVersionTwo, versionedOperation, versionOne } from '../versions';
import * as approveDraft from './approveDraft.operation';
import * as getByName from './getByName.operation';
import * as getContent from './getContent.operation';
import * as getPrograms from './getPrograms.operation';
import { emailProgramsOperation } from '../program/getEmailPrograms.operation';

export const operations = { approveDraft, getByName, getContent, getPrograms };

const emailOperations: INodePropertyOptions[] = [
	{
		name: 'Approve Draft',
		value: 'approveDraft',
		description: 'Approve the draft of an email',
		action: 'Approve an email draft',
	},
	{
		name: 'Get by Name',
		value: 'getByName',
		description: 'Get an email by its exact name',
		action: 'Get an email by name',
	},
	{
		name: 'Get Content',
		value: 'getContent',
		description: 'Get the editable sections of an email',
		action: 'Get email content',
	},
];

export const description: INodeProperties[] = [
	// Version 1 also lists email programs here; from version 2 that is Program → Get Many Email Programs.
	versionedOperation(
		'email',
		versionOne,
		[...emailOperations, { ...emailProgramsOperation, value: getPrograms.operation }],
		'getContent',
	),
	versionedOperation('email', fromVersionTwo, emailOperations, 'getContent'),
	...approveDraft.description,
	...getByName.description,
	...getContent.description,
	...getPrograms.description,
];
