import { OBJECT_KINDS } from '../leadDatabase/objects';
import { objectResource } from '../leadDatabase/resource';

export const { operations, description } = objectResource(OBJECT_KINDS.namedAccount, 'name');
