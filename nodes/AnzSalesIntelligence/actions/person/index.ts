import { defineResource } from '../../../shared/operation';
import { operation as enrich } from './enrich.operation';
import { operation as search } from './search.operation';

export const person = defineResource('person', [enrich, search], { default: 'enrich' });
