/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the test reads the docs, never shipped */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type {
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';

import { everyNodeVersion, PROJECT_ROOT } from '../harness';

/**
 * What the editor shows in every property of every node as n8n loads it: placeholders that fit
 * the resource they stand on, action texts whose lists read as lists, and durations in one unit
 * with the unit in their name.
 */

type Entry = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** A parameter or option with the node and resources it is shown on. */
interface Shown {
	node: string;
	resources: string[];
	entry: Entry;
	/** Shown only where a saved workflow already holds it (a value kept for old workflows). */
	legacy: boolean;
}

const showOf = (entry: Entry) =>
	'displayOptions' in entry ? entry.displayOptions?.show : undefined;

/** Whether an entry is shown only by its own value, that is where a saved workflow holds it. */
function isLegacy(entry: Entry): boolean {
	return 'name' in entry && showOf(entry)?.[entry.name] !== undefined;
}

function walk(node: string, entries: readonly Entry[], inherited: string[]): Shown[] {
	return entries.flatMap((entry) => {
		const resources = (showOf(entry)?.resource as string[] | undefined) ?? inherited;
		const nested = [
			...('options' in entry && Array.isArray(entry.options) ? entry.options : []),
			...('values' in entry && Array.isArray(entry.values) ? entry.values : []),
		] as Entry[];
		return [{ node, resources, entry, legacy: isLegacy(entry) }, ...walk(node, nested, resources)];
	});
}

let shown: Shown[] = [];
let descriptions: INodeTypeDescription[] = [];

beforeAll(async () => {
	const versions = await everyNodeVersion();
	descriptions = [...new Set(versions.map((v) => v.description))];
	shown = descriptions.flatMap((d) => walk(d.name, d.properties, []));
});

/**
 * Parameters that ask for the same key under another name (a lead ID is a lead ID as the winner of
 * a merge too). Every other parameter's key is its name, or, for a name whose meaning depends on
 * the resource (a record's key, the values a filter looks up, a name), its resource and name.
 */
const SAME_KEY: Record<string, string> = {
	winnerId: 'leadId',
	loserIds: 'leadIds',
	programMemberStatus: 'statusName',
};
const RESOURCE_RELATIVE = new Set(['recordKey', 'filterValues', 'keyValues', 'name']);

function keyOf({ resources, entry }: Shown): string {
	const name = (entry as INodeProperties).name;
	if (SAME_KEY[name]) return SAME_KEY[name];
	return RESOURCE_RELATIVE.has(name) ? `${resources.join('|')}.${name}` : name;
}

describe('placeholders', () => {
	it('give no example to two keys: a placeholder stands for one key of one node', () => {
		const keysByPlaceholder = new Map<string, Set<string>>();
		for (const item of shown) {
			const { entry } = item;
			if (!('placeholder' in entry) || !entry.placeholder) continue;
			if ('type' in entry && ['collection', 'fixedCollection'].includes(entry.type)) continue;
			const placeholder = `${item.node}: ${entry.placeholder}`;
			const keys = keysByPlaceholder.get(placeholder) ?? new Set<string>();
			keys.add(keyOf(item));
			keysByPlaceholder.set(placeholder, keys);
		}
		expect(keysByPlaceholder.size).toBeGreaterThan(40);
		const reused = [...keysByPlaceholder]
			.filter(([, keys]) => keys.size > 1)
			.map(([placeholder, keys]) => `${placeholder} → ${[...keys].join(', ')}`);
		expect(reused).toEqual([]);
	});

	it('show what an ID of the platform looks like where one is asked for', () => {
		const placeholderOf = (name: string) =>
			shown
				.filter(
					({ node, entry }) =>
						node === 'agentPlatformAdmin' && 'name' in entry && entry.name === name,
				)
				.map(({ entry }) => (entry as INodeProperties).placeholder);
		for (const name of ['userId', 'keyId', 'inviteCode']) {
			const placeholders = placeholderOf(name);
			expect(placeholders.length).toBeGreaterThan(0);
			expect(
				placeholders.filter((placeholder) => !/^e\.g\. \S+$/.test(String(placeholder))),
			).toEqual([]);
		}
	});

	it('show a compound key as the JSON object it must be (Opportunity Role → Delete)', () => {
		const key = shown.find(
			({ node, resources, entry }) =>
				node === 'marketingAutomation' &&
				resources.includes('opportunityRole') &&
				'name' in entry &&
				entry.name === 'recordKey',
		)?.entry as INodeProperties;
		expect(JSON.parse(String(key.placeholder).replace(/^e\.g\. /, ''))).toEqual({
			externalOpportunityId: expect.any(String),
			leadId: expect.any(Number),
			role: expect.any(String),
		});
	});
});

/**
 * Words the nodes list in their action texts. Two of them side by side with only a space between
 * them is a list without its commas ("by email profile link or name").
 */
const LISTED = [
	'activities',
	'business number',
	'company',
	'domain',
	'email',
	'industry',
	'job title',
	'leads',
	'location',
	'name',
	'position',
	'profile link',
	'profile slug',
	'program members',
	'seniority',
	'size',
	'website',
];

const actions = () =>
	shown
		.map(({ entry }) => ('action' in entry ? entry.action : undefined))
		.filter((action): action is string => typeof action === 'string');

describe('action texts', () => {
	it('separate the items of a list with commas', () => {
		const words = LISTED.join('|');
		const adjacent = new RegExp(`\\b(${words}) (${words})\\b`, 'i');
		expect(actions().length).toBeGreaterThan(80);
		expect([...new Set(actions().filter((action) => adjacent.test(action)))]).toEqual([]);
	});

	it('put a comma before the last item of a list of three or more', () => {
		// The last comma of a list is the one before its or / and: "a, b, or c", never "a, b or c".
		const withoutSerialComma = /,(?! (or|and) )[^,]* (or|and) [^,]*$/;
		const texts = actions().filter((action) => action.includes(', '));
		expect(texts.length).toBeGreaterThan(3);
		expect([...new Set(texts.filter((action) => withoutSerialComma.test(action)))]).toEqual([]);
	});

	it('read the default title of Bulk Extract as a list', () => {
		expect(actions()).toContain('Extract leads, activities, or program members in bulk');
	});
});

/** A number that says how long something lasts or waits. */
const DURATION = /\b(time limit|timeout|how long|valid for|interval|delay)\b/i;

describe('durations', () => {
	const durations = () =>
		shown.filter(
			({ entry, legacy }) =>
				!legacy &&
				'type' in entry &&
				entry.type === 'number' &&
				(DURATION.test(entry.displayName) || DURATION.test(String(entry.description ?? ''))),
		);

	it('name their unit', () => {
		const names = durations().map(({ entry }) => (entry as INodeProperties).displayName);
		expect(names.length).toBeGreaterThan(4);
		expect(names.filter((name) => !/ \((Seconds|Hours)\)$/.test(name))).toEqual([]);
	});

	it('give every time limit in seconds', () => {
		const limits = durations()
			.map(({ node, entry }) => `${node}: ${(entry as INodeProperties).displayName}`)
			.filter((text) => /time limit/i.test(text));
		expect(new Set(limits)).toEqual(
			new Set([
				'agentPlatformAdmin: Time Limit (Seconds)',
				'marketingAutomation: Time Limit (Seconds)',
			]),
		);
	});
});

describe('the docs', () => {
	it('name the resource mapper’s modes as the editor shows them', () => {
		const docs = path.join(PROJECT_ROOT, 'docs');
		const pages = ['README.md', ...readdirSync(docs).map((page) => `docs/${page}`)]
			.filter((page) => page.endsWith('.md'))
			.map((page) => readFileSync(path.join(PROJECT_ROOT, page), 'utf8'));
		const modes = pages.flatMap(
			(page) => page.match(/Map Each Column [A-Za-z]+|Map Automatically/g) ?? [],
		);
		expect(modes.length).toBeGreaterThan(0);
		expect(
			modes.filter((mode) => !/^Map (Each Column Manually|Automatically)$/.test(mode)),
		).toEqual([]);
	});
});
