import { defineResource } from '../../../shared/operation';
import { operation as request } from './request.operation';

export const apiCall = defineResource('apiCall', [request], { default: 'request' });
