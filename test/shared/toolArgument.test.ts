import type { INode, INodeProperties } from 'n8n-workflow';

import { placeNamedIn, toolArgumentAt, withoutItemNumbers } from '../../nodes/shared/toolArgument';

const node = (parameters: INode['parameters']): INode => ({
	id: 'n1',
	name: 'Marketing',
	type: 'n8n-nodes-agent-platform.marketingAutomationTool',
	typeVersion: 2,
	position: [0, 0],
	parameters,
});

const fields: INodeProperties[] = [
	{ displayName: 'Batch ID', name: 'batchId', type: 'string', default: '' },
	{
		displayName: 'Record (From the Model)',
		name: 'toolRecord',
		type: 'json',
		default: "={{ $fromAI('record', 'The record', 'json') }}",
	},
	{ displayName: 'Search', name: 'search', type: 'string', default: '' },
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		default: {},
		options: [{ displayName: 'Time Limit', name: 'timeLimit', type: 'number', default: 300 }],
	},
];

describe('the tool argument of a refused input', () => {
	it("is the parameter's $fromAI key", () => {
		const filled = node({ batchId: "={{ $fromAI('Batch_ID', 'The batch', 'string') }}" });
		expect(toolArgumentAt(filled, fields, { parameter: 'batchId' })).toBe('Batch_ID');
	});

	it("names a field inside the argument, from the parameter's default when not saved", () => {
		expect(
			toolArgumentAt(node({}), fields, { parameter: 'toolRecord', key: 'externalCompanyId' }),
		).toBe('record.externalCompanyId');
	});

	it("prefers a field's own $fromAI key (a mapper's field filled by the model)", () => {
		const mapped = node({ inputFields: { value: { domain: "={{ $fromAI('domain') }}" } } });
		expect(toolArgumentAt(mapped, fields, { parameter: 'inputFields.value', key: 'domain' })).toBe(
			'domain',
		);
	});

	it('is the display name when several arguments fill the parameter', () => {
		const two = node({ search: "={{ $fromAI('first') }} {{ $fromAI('last') }}" });
		expect(toolArgumentAt(two, fields, { parameter: 'search' })).toBe('Search');
	});

	it("is none for the user's own setting", () => {
		expect(toolArgumentAt(node({ batchId: '12' }), fields, { parameter: 'batchId' })).toBe(
			undefined,
		);
		expect(
			toolArgumentAt(node({ search: '={{ $json.name }}' }), fields, { parameter: 'search' }),
		).toBe(undefined);
	});

	it('walks into collections', () => {
		const limited = node({ options: { timeLimit: "={{ $fromAI('limit', '', 'number') }}" } });
		expect(toolArgumentAt(limited, fields, { parameter: 'options.timeLimit' })).toBe('limit');
	});
});

describe("the parameter a check's message names", () => {
	it('is the longest display name in it, in any case', () => {
		expect(placeNamedIn("The batch ID 'x' in item 0 is not a whole number", fields)).toEqual({
			parameter: 'batchId',
		});
		expect(placeNamedIn('Time Limit must be a number', fields)).toEqual({
			parameter: 'options.timeLimit',
		});
	});

	it('is none when no field is named', () => {
		expect(placeNamedIn('The service is busy', fields)).toBeUndefined();
	});
});

describe('a message without item numbers', () => {
	it.each([
		["The batch ID 'x' in item 0 is not a whole number", "The batch ID 'x' is not a whole number"],
		['The record of item 12 is "x"', 'The record is "x"'],
		['Item 3 has no value for externalCompanyId', 'This call has no value for externalCompanyId'],
		['A token for item 1 has no name', 'A token has no name'],
		['Not run: item 2 stopped', 'Not run: this call stopped'],
		['Do not run this item again', 'Do not run this item again'],
	])('%s', (message, expected) => {
		expect(withoutItemNumbers(message)).toBe(expected);
	});
});
