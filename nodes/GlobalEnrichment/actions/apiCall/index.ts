import { apiCallResourceDescription } from '../../../shared/apiCallFields';
import * as request from './request.operation';

/** The resource's operations, by operation value (the router's map). */
export const operations = { request };

export const description = apiCallResourceDescription(request);
