import type { INodeProperties } from 'n8n-workflow';

import { MarketingAutomation } from '../../../../../nodes/MarketingAutomation/MarketingAutomation.node';
import { listSearch } from '../../../../../nodes/MarketingAutomation/methods';
import { loadOptionsContext, useMarketing } from '../../helpers';

/** The folder picker of an operation, as the node describes it. */
function folderPicker(resource: string, operation: string): string {
	const property = new MarketingAutomation().description.properties.find(
		(p: INodeProperties) =>
			p.name === 'folder' &&
			p.displayOptions?.show?.resource?.includes(resource) &&
			p.displayOptions?.show?.operation?.includes(operation),
	);
	const modes = (property?.modes ?? []) as Array<{
		name: string;
		typeOptions?: { searchListMethod?: string };
	}>;
	const method = modes.find((mode) => mode.name === 'list')?.typeOptions?.searchListMethod;
	if (!method) throw new Error(`No folder picker on ${resource} → ${operation}`);
	return method;
}

type Search = (this: unknown, filter?: string) => Promise<{ results: Array<{ value: string }> }>;

describe('Marketing Automation v2: folder pickers offer only folders that can hold the asset', () => {
	const env = useMarketing();

	async function offered(resource: string, operation: string) {
		const search = (listSearch as Record<string, Search>)[folderPicker(resource, operation)];
		const found = await search.call(await loadOptionsContext(env));
		return found.results.map((entry) => entry.value);
	}

	it.each([
		['program', 'create'],
		['program', 'clone'],
	])('%s → %s: marketing folders only (no program, no Design Studio folder)', async (r, o) => {
		expect(await offered(r, o)).toEqual(['Folder:15', 'Folder:16', 'Folder:17', 'Folder:90']);
	});

	it.each([
		['campaign', 'clone'],
		['list', 'create'],
	])('%s → %s: marketing folders and programs, no Design Studio folder', async (r, o) => {
		const values = await offered(r, o);
		expect(values).toEqual(expect.arrayContaining(['Folder:15', 'Folder:17', 'Program:3003']));
		expect(values.filter((value) => ['Folder:20', 'Folder:21'].includes(value))).toEqual([]);
	});

	it('the service refuses a program in a Design Studio folder (711), which the picker never offers', async () => {
		const result = await env.run(
			{
				resource: 'program',
				operation: 'create',
				name: 'In the wrong place',
				folder: { __rl: true, mode: 'id', value: '21' },
				type: 'Event with Webinar',
				channel: 'Webinar',
				additionalFields: {},
			},
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toBe('That folder cannot hold it (711)');
	});
});
