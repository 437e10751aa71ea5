import type { IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { assetNotFound } from '../../helpers/assetFields';
import { programByNameLocator } from '../fields';
import { readId } from '../parameters';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';

type Lookup = { id: number } | { name: string };

function check(this: IExecuteFunctions, itemIndex: number): Lookup {
	const locator = this.getNodeParameter('program', itemIndex) as INodeParameterResourceLocator;
	if (locator?.mode === 'name') {
		const name = String(locator.value ?? '').trim();
		if (!name) {
			throw new NodeOperationError(
				this.getNode(),
				`The program name of item ${itemIndex} is empty`,
				{
					itemIndex,
					description: 'Enter the exact name of the program, or pick it from the list.',
				},
			);
		}
		return { name };
	}
	return { id: readId(this, 'program', itemIndex, 'program') };
}

/**
 * `GET /rest/asset/v1/program/{id}.json`, or `GET /rest/asset/v1/program/byName.json?name=` (exact
 * name). A program the service does not find (its "no assets" warning) is an error that says so.
 */
export const operation = defineOperation({
	option: {
		name: 'Get',
		value: 'get',
		description: 'Get a program by ID or by name',
		action: 'Get a program',
	},
	since: 2,
	fields: [programByNameLocator],
	check,
	runBatch: concurrentReads(async function (itemIndex, lookup) {
		const byName = 'name' in lookup;
		const answer = await apiRequest.call(this, {
			method: 'GET',
			safeToRepeat: true,
			path: byName
				? '/rest/asset/v1/program/byName.json'
				: `/rest/asset/v1/program/${lookup.id}.json`,
			qs: byName ? { name: lookup.name } : undefined,
			itemIndex,
		});
		const program = answer.result?.[0];
		if (program) return program;
		throw assetNotFound(
			this,
			'program',
			lookup,
			itemIndex,
			'Pick the program from the list, or look for it with Program → Get Many.',
		);
	}),
});
