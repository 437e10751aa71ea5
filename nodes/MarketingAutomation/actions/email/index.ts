import { defineResource, type Operation } from '../../../shared/operation';
import { NODE_VERSIONS } from '../versions';
import { operation as approveDraft } from './approveDraft.operation';
import { operation as getByName } from './getByName.operation';
import { operation as getContent } from './getContent.operation';
import { operation as getPrograms } from './getPrograms.operation';

const resource = defineResource('email', [approveDraft, getByName, getContent, getPrograms], {
	default: 'getContent',
	versions: NODE_VERSIONS,
});

export const description = resource.properties;
export const operations = resource.operations as Record<
	'approveDraft' | 'getByName' | 'getContent' | 'getPrograms',
	Operation
>;
