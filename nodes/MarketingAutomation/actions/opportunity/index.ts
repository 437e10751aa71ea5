import { OBJECT_KINDS } from '../leadDatabase/objects';
import { objectResource } from '../leadDatabase/resource';

export const opportunity = objectResource(OBJECT_KINDS.opportunity, 'externalOpportunityId');
