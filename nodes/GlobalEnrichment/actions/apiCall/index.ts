import { apiCallResource } from '../../../enrichment/fields';
import { CREDENTIAL_TYPE, SERVICE_NAME } from '../../transport';

export const { request, description } = apiCallResource(CREDENTIAL_TYPE, SERVICE_NAME);
