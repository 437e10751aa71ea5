import { syncOperation } from '../leadDatabase/sync';
import { OBJECT_KINDS } from '../leadDatabase/objects';
import type { MarketingAutomationMap } from '../node.type';

export const operation = 'createOrUpdate' satisfies MarketingAutomationMap['customObject'];

export const { description, executeBatch } = syncOperation(OBJECT_KINDS.customObject);
