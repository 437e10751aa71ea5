import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { fromVersionTwo, versionedOperation, versionOne } from '../versions';
import * as getEmailPrograms from './getEmailPrograms.operation';
import * as getStatistics from './getStatistics.operation';

export const operations = { getEmailPrograms, getStatistics };

const statistics: INodePropertyOptions = {
	name: 'Get Statistics',
	value: 'getStatistics',
	description: 'Compute membership statistics of a program',
	action: 'Get program statistics',
};

export const description: INodeProperties[] = [
	// Version 1 lists email programs under Email (Get Many Email Programs).
	versionedOperation('program', versionOne, [statistics], 'getStatistics'),
	versionedOperation(
		'program',
		fromVersionTwo,
		[{ ...getEmailPrograms.emailProgramsOperation, value: getEmailPrograms.operation }, statistics],
		'getStatistics',
	),
	...getEmailPrograms.description,
	...getStatistics.description,
];
