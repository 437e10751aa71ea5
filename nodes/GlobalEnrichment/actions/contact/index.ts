import { defineResource } from '../../../shared/operation';
import { operation as enrich } from './enrich.operation';
import { operation as find } from './find.operation';
import { operation as findLookalikes } from './findLookalikes.operation';
import { operation as getSignals } from './getSignals.operation';
import { operation as getSignalScore } from './getSignalScore.operation';
import { operation as search } from './search.operation';

export const contact = defineResource(
	'contact',
	[enrich, find, findLookalikes, getSignals, getSignalScore, search],
	{ default: 'enrich' },
);
