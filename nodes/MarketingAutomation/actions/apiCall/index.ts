import { defineResource } from '../../../shared/operation';
import { operation as send } from './send.operation';

export const apiCall = defineResource('apiCall', [send], { default: 'send' });
