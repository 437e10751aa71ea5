import { describeOperation } from '../leadDatabase/describe';
import { OBJECT_KINDS } from '../leadDatabase/objects';
import type { MarketingAutomationMap } from '../node.type';

export const operation = 'describe' satisfies MarketingAutomationMap['opportunity'];

export const { description, executeBatch } = describeOperation(OBJECT_KINDS.opportunity);
