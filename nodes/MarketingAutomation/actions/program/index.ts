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
	// Version 2's list first: n8n builds a tool's description from the first Operation list of the
	// resource, whatever the version, so it must hold every operation (version 1 lists email
	// programs under Email → Get Many Email Programs).
	versionedOperation(
		'program',
		fromVersionTwo,
		[{ ...getEmailPrograms.emailProgramsOperation, value: getEmailPrograms.operation }, statistics],
		'getStatistics',
	),
	versionedOperation('program', versionOne, [statistics], 'getStatistics'),
	...getEmailPrograms.description,
	...getStatistics.description,
];
