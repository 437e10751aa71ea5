import { queryOperation } from '../leadDatabase/query';
import { OBJECT_KINDS } from '../leadDatabase/objects';
import type { MarketingAutomationMap } from '../node.type';

export const operation = 'getAll' satisfies MarketingAutomationMap['opportunityRole'];

export const { description, executeBatch } = queryOperation(
	OBJECT_KINDS.opportunityRole,
	'externalOpportunityId',
);
