import { defineResource } from '../../../shared/operation';
import { operation as send } from './send.operation';

const apiCall = defineResource('apiCall', [send], { default: 'send' });

export const operations = apiCall.operations as { send: typeof send };
export const description = apiCall.properties;
