import { defineResource } from '../../../shared/operation';
import { operation as getInfo } from './getInfo.operation';

export const organization = defineResource('organization', [getInfo], { default: 'getInfo' });
