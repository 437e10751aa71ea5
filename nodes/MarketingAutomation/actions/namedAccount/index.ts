import { OBJECT_KINDS } from '../leadDatabase/objects';
import { objectResource } from '../leadDatabase/resource';

export const namedAccount = objectResource(OBJECT_KINDS.namedAccount, 'name');
