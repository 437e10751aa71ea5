import { OBJECT_KINDS } from '../leadDatabase/objects';
import { objectResource } from '../leadDatabase/resource';

export const company = objectResource(OBJECT_KINDS.company, 'externalCompanyId');
