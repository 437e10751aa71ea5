import { queryOperation } from '../leadDatabase/query';
import { OBJECT_KINDS } from '../leadDatabase/objects';
import type { MarketingAutomationMap } from '../node.type';

export const operation = 'getAll' satisfies MarketingAutomationMap['company'];

export const { description, executeBatch } = queryOperation(
	OBJECT_KINDS.company,
	'externalCompanyId',
);
