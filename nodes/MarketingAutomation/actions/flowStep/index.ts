import { defineResource } from '../../../shared/operation';
import { fromVersionTwo } from '../versions';
import { operation as returnResults } from './returnResults.operation';

export const flowStep = defineResource('flowStep', [returnResults], {
	default: 'returnResults',
	versions: [{ version: 2, show: fromVersionTwo }],
});
