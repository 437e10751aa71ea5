import { deleteOperation } from '../leadDatabase/remove';
import { OBJECT_KINDS } from '../leadDatabase/objects';
import type { MarketingAutomationMap } from '../node.type';

export const operation = 'delete' satisfies MarketingAutomationMap['opportunityRole'];

export const { description, executeBatch } = deleteOperation(OBJECT_KINDS.opportunityRole);
