/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test of the package files, never shipped */
/* What a user finds in n8n's node panel, and where each node's and credential's Docs link leads. */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const DOCS_URL = 'https://github.com/agent-platform-nodes/n8n-nodes-agent-platform/blob/main/docs/';

interface Codex {
	node: string;
	alias: string[];
	resources: Record<string, Array<{ url: string }>>;
}

const manifest = JSON.parse(read('package.json')) as {
	n8n: { nodes: string[]; credentials: string[] };
};
const sources = (files: string[]) =>
	files.map((file) => file.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
const nodes = sources(manifest.n8n.nodes).map((file) => ({
	file,
	displayName: /displayName: '([^']+)'/.exec(read(file))?.[1] ?? '',
	codex: JSON.parse(read(file.replace(/\.ts$/, '.json'))) as Codex,
}));

/**
 * The panel's entries: a trigger whose type is an action node's plus "Trigger" has no entry of its
 * own; n8n lists it inside the action node's entry, which keeps that node's name and aliases.
 */
const mergedInto = (trigger: Codex) =>
	nodes.find(
		({ codex }) => codex.node === trigger.node.replace(/Trigger$/, '') && codex !== trigger,
	);
const entries = nodes.filter(({ codex }) => !mergedInto(codex));

/** The entries n8n's panel offers for a search word: by display name or alias, case-insensitive. */
function found(word: string): string[] {
	const query = word.toLowerCase();
	return entries
		.filter(
			({ displayName, codex }) =>
				displayName.toLowerCase().includes(query) ||
				codex.alias.some((alias) => alias.toLowerCase().includes(query)),
		)
		.map(({ displayName }) => displayName);
}

/** GitHub's anchor of a Markdown heading. */
const anchorOf = (heading: string) =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s-]/gu, '')
		.replace(/\s/g, '-');

/** The docs page and heading a Docs link opens; fails when either is missing. */
function expectDocsPage(url: string) {
	expect(url.startsWith(DOCS_URL)).toBe(true);
	const [page, anchor] = url.slice(DOCS_URL.length).split('#');
	const file = path.join('docs', page);
	expect({ url, exists: fs.existsSync(path.join(ROOT, file)) }).toEqual({ url, exists: true });
	if (anchor === undefined) return;
	const anchors = read(file)
		.split('\n')
		.filter((line) => /^#{1,6} /.test(line))
		.map((line) => anchorOf(line.replace(/^#+ /, '')));
	expect(anchors).toContain(anchor);
}

describe('node search', () => {
	it.each([
		['agent', ['Agent Platform']],
		['api key', ['Agent Platform']],
		['invite', ['Agent Platform']],
		['key', ['Agent Platform']],
		['tool', ['Agent Platform']],
		['bulk', ['Marketing Automation', 'Global Enrichment']],
		['company', ['Marketing Automation', 'ANZ Sales Intelligence', 'Global Enrichment']],
		['CSV', ['Marketing Automation']],
		['custom object', ['Marketing Automation']],
		['export', ['Marketing Automation']],
		['extract', ['Marketing Automation']],
		['import', ['Marketing Automation']],
		['member status', ['Marketing Automation']],
		['opportunity', ['Marketing Automation']],
		['program', ['Marketing Automation']],
		['program member', ['Marketing Automation']],
		['form', ['Marketing Automation']],
		['token', ['Marketing Automation']],
		['named account', ['Marketing Automation']],
		['webinar', ['Marketing Automation']],
		['signal', ['Global Enrichment']],
		['webhook', ['Global Enrichment']],
		['poll', ['Marketing Automation']],
		['lookalike', ['Global Enrichment']],
		['job change', ['Global Enrichment']],
		['ABN', ['ANZ Sales Intelligence']],
		['enrich', ['ANZ Sales Intelligence', 'Global Enrichment']],
	])('"%s" finds %j', (word, expected) => {
		for (const name of expected) expect(found(word)).toContain(name);
	});

	it.each(nodes.filter(({ codex }) => mergedInto(codex)).map(({ codex }) => codex))(
		"$node: n8n lists the trigger in its action node's entry, which is searched by that node's aliases: they hold the trigger's",
		(trigger) => {
			const entry = mergedInto(trigger)!.codex.alias.map((alias) => alias.toLowerCase());
			expect(trigger.alias.filter((alias) => !entry.includes(alias.toLowerCase()))).toEqual([]);
		},
	);
});

describe('Docs links', () => {
	it.each(nodes.map(({ file, codex }) => [file, codex] as const))(
		"%s: the node's Docs and credential links open its own docs page",
		(_file, codex) => {
			const links = [
				...codex.resources.primaryDocumentation,
				...codex.resources.credentialDocumentation,
			];
			expect(links).toHaveLength(2);
			for (const { url } of links) expectDocsPage(url);
		},
	);

	it.each(sources(manifest.n8n.credentials))(
		"%s: the credential's documentation URL opens its section of a docs page",
		(file) => {
			const url = /documentationUrl =\s*'([^']+)'/.exec(read(file))?.[1];
			expect(url).toContain('#credential-');
			expectDocsPage(url!);
		},
	);
});
