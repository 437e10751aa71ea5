import { OBJECT_KINDS } from '../leadDatabase/objects';
import { objectResource } from '../leadDatabase/resource';

export const opportunityRole = objectResource(
	OBJECT_KINDS.opportunityRole,
	'externalOpportunityId',
);
