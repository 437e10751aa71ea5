import { defineResource } from '../../../shared/operation';
import { operation as enrich } from './enrich.operation';
import { operation as find } from './find.operation';
import { operation as search } from './search.operation';

export const contact = defineResource('contact', [enrich, find, search], { default: 'enrich' });
