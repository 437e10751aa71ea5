import { apiCallResourceDescription } from '../../../shared/apiCallFields';
import * as send from './send.operation';

/** The resource's operations, by operation value (the router's map). */
export const operations = { send };

export const description = apiCallResourceDescription(send);
