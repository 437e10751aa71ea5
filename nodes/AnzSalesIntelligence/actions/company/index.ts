import { defineResource } from '../../../shared/operation';
import { operation as enrich } from './enrich.operation';

export const company = defineResource('company', [enrich], { default: 'enrich' });
