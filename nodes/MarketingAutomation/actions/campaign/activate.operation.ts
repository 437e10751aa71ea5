import type { MarketingAutomationMap } from '../node.type';
import { activationOperation } from './activation';

export const operation = 'activate' satisfies MarketingAutomationMap['campaign'];

export const { description, validate, execute } = activationOperation(operation);
