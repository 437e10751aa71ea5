import { OBJECT_KINDS } from '../leadDatabase/objects';
import { objectResource } from '../leadDatabase/resource';

export const customObject = objectResource(OBJECT_KINDS.customObject, '');
