import type { INode, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import {
	allowedText,
	looseKey,
	modelChoiceFields,
	readChoice,
	shownOptions,
	withValueAt,
	type ModelChoiceField,
} from '../../nodes/shared/toolChoices';
import { everyNodeVersion, everyParameter } from '../harness';
import { MEDIUM_NOT_A_COMPANY_SIZE, unknownChoiceRefused } from './messages';

const fieldOf = (property: INodeProperties, argument = 'arg'): ModelChoiceField => ({
	path: property.name,
	property,
	options: property.options as INodePropertyOptions[],
	argument,
});

const valueOf = (field: ModelChoiceField, text: unknown) => {
	const read = readChoice(field, text);
	return 'value' in read ? read.value : `refused: ${read.refusal}`;
};

/** A model's spellings of an option: its name and value, upper case, without punctuation. */
const spellings = (option: INodePropertyOptions) => [
	option.name,
	String(option.value),
	option.name.toUpperCase(),
	` ${String(option.value).toLowerCase()} `,
	option.name
		.normalize('NFKD')
		.replace(/[^A-Za-z0-9]+/g, ' ')
		.trim(),
];

describe('choice arguments from a model, for every options and multi-options field of every node', () => {
	let fields: Array<{ where: string; field: ModelChoiceField }>;

	beforeAll(async () => {
		const seen = new Set<string>();
		fields = [];
		for (const { name, version, description } of await everyNodeVersion()) {
			for (const property of everyParameter(description.properties)) {
				if (property.type !== 'options' && property.type !== 'multiOptions') continue;
				if (!Array.isArray(property.options) || property.options.length === 0) continue;
				const node = { typeVersion: version, parameters: {} } as unknown as INode;
				// A field this version does not show at all (a selector of older versions) is not offered.
				const versions = property.displayOptions?.show?.['@version'];
				const asOption = {
					name: '',
					value: '',
					displayOptions: { show: { '@version': versions } },
				};
				if (versions && shownOptions([asOption as INodePropertyOptions], node).length === 0)
					continue;
				// The options this version offers (an option may be shown for some versions only).
				const options = shownOptions(property.options as INodePropertyOptions[], node);
				const key = `${name}:${property.name}:${JSON.stringify(options)}`;
				if (seen.has(key)) continue;
				seen.add(key);
				fields.push({
					where: `${name} v${version} ${property.name}`,
					field: { ...fieldOf(property), options },
				});
			}
		}
	});

	it('finds the fields (loaded from the package, so new fields are covered)', () => {
		const where = fields.map((entry) => entry.where);
		expect(where).toEqual(
			expect.arrayContaining([
				expect.stringMatching(/^globalEnrichment v1 companySize$/),
				expect.stringMatching(/^anzSalesIntelligence v1 seniority$/),
				expect.stringMatching(/^anzSalesIntelligence v1 location$/),
				expect.stringMatching(/^agentPlatformAdmin v1 roles$/),
				expect.stringMatching(/^marketingAutomation v1 syncAction$/),
			]),
		);
		expect(fields.length).toBeGreaterThan(20);
	});

	it("reads each option's name or value in any case and punctuation as that option", () => {
		const misread: string[] = [];
		for (const { where, field } of fields) {
			for (const option of field.options) {
				for (const text of spellings(option)) {
					const expected = field.property.type === 'multiOptions' ? [option.value] : option.value;
					const got = valueOf(field, text);
					if (JSON.stringify(got) !== JSON.stringify(expected)) {
						misread.push(`${where}: ${JSON.stringify(text)} → ${JSON.stringify(got)}`);
					}
				}
			}
		}
		expect(misread).toEqual([]);
	});

	it('reads a multi-choice as a comma-separated list of names or a JSON array of values', () => {
		const misread: string[] = [];
		for (const { where, field } of fields) {
			if (field.property.type !== 'multiOptions') continue;
			const all = field.options.map((option) => option.value);
			const fromNames = valueOf(field, field.options.map((option) => option.name).join(', '));
			const fromJson = valueOf(field, JSON.stringify(all.map(String)));
			const fromArray = valueOf(
				field,
				field.options.map((option) => option.name.toLowerCase()),
			);
			for (const got of [fromNames, fromJson, fromArray]) {
				if (JSON.stringify(got) !== JSON.stringify(all))
					misread.push(`${where}: ${JSON.stringify(got)}`);
			}
		}
		expect(misread).toEqual([]);
	});

	it('refuses an unknown value, naming the argument and the allowed values', () => {
		for (const { field } of fields) {
			expect(valueOf(field, 'zz-not-a-choice')).toBe(
				unknownChoiceRefused(
					field.property.displayName,
					allowedText(field.options),
					field.property.type === 'multiOptions',
				),
			);
		}
	});
});

describe('choice arguments: the cases a model got wrong before', () => {
	const sizes: INodeProperties = {
		displayName: 'Company Size',
		name: 'companySize',
		type: 'multiOptions',
		default: [],
		options: [
			{ name: 'Large (201-1,000)', value: '201-1000' },
			{ name: 'Medium (51-200)', value: '51-200' },
			{ name: 'Micro (1-10)', value: '1-10' },
		],
	};
	const field = fieldOf(sizes, 'size');

	it('matches exactly, never as a substring ("201-1000" is not also 1-10)', () => {
		expect(valueOf(field, '201-1000')).toEqual(['201-1000']);
		expect(valueOf(field, 'large (201-1,000), MICRO (1-10)')).toEqual(['201-1000', '1-10']);
		expect(valueOf(field, '["51-200", "1-10", "51-200"]')).toEqual(['51-200', '1-10']);
	});

	it('refuses a partial name ("Medium") instead of sending no size', () => {
		expect(valueOf(field, 'Medium, 1-10')).toBe(MEDIUM_NOT_A_COMPANY_SIZE);
	});

	it('keeps an option name with a comma whole, and refuses text that is not a choice', () => {
		const mode: INodeProperties = {
			displayName: 'Write Mode',
			name: 'syncAction',
			type: 'options',
			default: 'createOrUpdate',
			options: [
				{ name: 'Create New, Skip Existing', value: 'createOnly' },
				{ name: 'Create New, Update Existing', value: 'createOrUpdate' },
			],
		};
		expect(valueOf(fieldOf(mode), 'create new, skip existing')).toBe('createOnly');
		expect(valueOf(fieldOf(mode), '')).toBe(
			"refused: The argument 'arg' is empty: choose one of Create New, Skip Existing (createOnly), Create New, Update Existing (createOrUpdate)",
		);
		expect(valueOf(fieldOf(mode), { a: 1 })).toBe(
			"refused: The argument 'arg' is not text: send one of Create New, Skip Existing (createOnly), Create New, Update Existing (createOrUpdate)",
		);
	});

	it('compares without case, accents, spaces or punctuation', () => {
		expect(looseKey('Manawatū-Whanganui (NZ)')).toBe('manawatuwhanganuinz');
		expect(looseKey(' AU-VIC ')).toBe('auvic');
	});
});

describe('which fields a model fills', () => {
	const node = (parameters: INode['parameters'], type = 'x.anzSalesIntelligenceTool'): INode => ({
		id: 'n',
		name: 'Search',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	});
	const seniority: INodeProperties = {
		displayName: 'Seniority',
		name: 'seniority',
		type: 'multiOptions',
		default: [],
		options: [{ name: 'Manager', value: 5 }],
	};
	const filters: INodeProperties = {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		default: {},
		options: [seniority],
	};

	it('finds $fromAI choice fields at the top level and inside collections', () => {
		const found = modelChoiceFields(
			node({
				seniority: "={{ $fromAI('level') }}",
				filters: { seniority: "={{ $fromAI('nested_level', 'Seniority', 'string') }}" },
			}),
			[seniority, filters],
		);
		expect(found.map(({ path, argument }) => [path, argument])).toEqual([
			['seniority', 'level'],
			['filters.seniority', 'nested_level'],
		]);
		expect(modelChoiceFields(node({ seniority: [5] }), [seniority])).toEqual([]);
	});

	it('sets a value at a path without changing the original', () => {
		const original = { field: [{ name: 'x' }, { name: 'y' }], keep: 1 };
		expect(withValueAt(original, 'field[1].name', 'z')).toEqual({
			field: [{ name: 'x' }, { name: 'z' }],
			keep: 1,
		});
		expect(original.field[1].name).toBe('y');
	});
});
