import { defineResource } from '../../../shared/operation';
import { operation as getUsage } from './getUsage.operation';

export const account = defineResource('account', [getUsage], { default: 'getUsage' });
