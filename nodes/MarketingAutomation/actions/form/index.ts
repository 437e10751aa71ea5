import { defineResource } from '../../../shared/operation';
import { fromVersionTwo } from '../versions';
import { operation as getFields } from './getFields.operation';
import { operation as submit } from './submit.operation';

export const form = defineResource('form', [getFields, submit], {
	default: 'getFields',
	versions: [{ version: 2, show: fromVersionTwo }],
});
