import { defineResource } from '../../../shared/operation';
import { NODE_VERSIONS } from '../versions';
import { operation as approveDraft } from './approveDraft.operation';
import { operation as discardDraft } from './discardDraft.operation';
import { operation as getByName } from './getByName.operation';
import { operation as getContent } from './getContent.operation';
import { operation as getPrograms } from './getPrograms.operation';
import { operation as sendSample } from './sendSample.operation';
import { operation as unapprove } from './unapprove.operation';
import { operation as updateContentSection } from './updateContentSection.operation';

// The email writes are offered in both versions: n8n describes a tool from the first Operation
// selector of a resource, whatever the version, so that selector (the largest, version 1's with Get
// Many Email Programs) must hold every operation's action.
export const email = defineResource(
	'email',
	[
		approveDraft,
		discardDraft,
		getByName,
		getContent,
		getPrograms,
		sendSample,
		unapprove,
		updateContentSection,
	],
	{
		default: 'getContent',
		versions: NODE_VERSIONS,
	},
);
