/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test of the documentation, never shipped */
/**
 * The documentation holds together: every relative link and image in README, CONTRIBUTING,
 * CHANGELOG, SECURITY and docs/*.md points at a file that exists, and every `#anchor` at a heading
 * (GitHub's slugs) or an HTML anchor of the file it names. Nothing is tolerated: a page that another
 * change promised and did not bring fails here. Every page in docs/ is reachable from the README.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

const DOCUMENTS = [
	'README.md',
	'CONTRIBUTING.md',
	'CHANGELOG.md',
	'SECURITY.md',
	...fs
		.readdirSync(path.join(ROOT, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks (fences become blank lines, so line numbers stay). */
function withoutFences(text: string): string {
	let fence: string | undefined;
	return text
		.split('\n')
		.map((line) => {
			const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
			if (marker && (!fence || marker.startsWith(fence))) {
				fence = fence ? undefined : marker;
				return '';
			}
			return fence ? '' : line;
		})
		.join('\n');
}

const withoutCodeSpans = (line: string) => line.replace(/(`+)[^`]*?\1/g, '');

/** GitHub's anchor for a heading: lower case, punctuation and symbols dropped, spaces to hyphens. */
function slug(heading: string): string {
	const text = heading
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
		.replace(/<[^>]+>/g, '') // inline HTML
		.replace(/`/g, '')
		.replace(/\*+/g, '');
	return text
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
		.replace(/ /g, '-');
}

/** Every anchor a Markdown file offers: heading slugs (repeats get -1, -2, ...) and HTML ids. */
function anchorsOf(text: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const line of withoutFences(text).split('\n')) {
		const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
		if (heading !== undefined) {
			const base = slug(heading);
			const count = seen.get(base) ?? 0;
			seen.set(base, count + 1);
			anchors.add(count === 0 ? base : `${base}-${count}`);
		}
		for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
	}
	return anchors;
}

interface Link {
	line: number;
	target: string;
}

/** Inline links and images, reference definitions, and HTML href/src, outside code. */
function linksOf(text: string): Link[] {
	const links: Link[] = [];
	withoutFences(text)
		.split('\n')
		.forEach((raw, index) => {
			const line = withoutCodeSpans(raw);
			const add = (target: string) => links.push({ line: index + 1, target: target.trim() });
			for (const match of line.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)) {
				add(match[1].replace(/^<|>$/g, ''));
			}
			const definition = /^ {0,3}\[[^\]]+\]:\s*(\S+)/.exec(line);
			if (definition) add(definition[1].replace(/^<|>$/g, ''));
			for (const match of line.matchAll(/\b(?:href|src)="([^"]+)"/g)) add(match[1]);
		});
	return links;
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** What is wrong with one link of `file`, or undefined when it resolves. */
function problemOf(file: string, target: string): string | undefined {
	if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // http(s), mailto: not checked offline
	const hashAt = target.indexOf('#');
	const filePart = decodeURIComponent(hashAt < 0 ? target : target.slice(0, hashAt));
	const anchor = hashAt < 0 ? undefined : decodeURIComponent(target.slice(hashAt + 1));
	const resolved = filePart
		? path.relative(ROOT, path.resolve(ROOT, path.dirname(file), filePart))
		: file;
	if (resolved.startsWith('..')) return `${target}: leaves the repository`;
	if (!fs.existsSync(path.join(ROOT, resolved))) return `${target}: ${resolved} does not exist`;
	if (anchor === undefined) return undefined;
	if (!resolved.endsWith('.md')) return `${target}: an anchor into a file that is not Markdown`;
	if (!anchorsOf(read(resolved)).has(anchor))
		return `${target}: no heading #${anchor} in ${resolved}`;
	return undefined;
}

describe('documentation links', () => {
	it.each(DOCUMENTS)('%s: every relative link and anchor resolves', (file) => {
		const problems = linksOf(read(file))
			.map(({ line, target }) => {
				const problem = problemOf(file, target);
				return problem && `line ${line}: ${problem}`;
			})
			.filter(Boolean);
		expect(problems).toEqual([]);
	});

	it('the node pages, reliability, performance and queue mode exist, and the README links every docs page', () => {
		const readmeTargets = linksOf(read('README.md')).map(({ target }) => target.split('#')[0]);
		for (const page of [
			'docs/agent-platform.md',
			'docs/agent-platform-runs.md',
			'docs/marketing-automation.md',
			'docs/marketing-bulk-jobs.md',
			'docs/marketing-lead-database.md',
			'docs/anz-sales-intelligence.md',
			'docs/global-enrichment.md',
			'docs/reliability.md',
			'docs/performance.md',
			'docs/queue-mode.md',
		]) {
			expect({ page, exists: fs.existsSync(path.join(ROOT, page)) }).toEqual({
				page,
				exists: true,
			});
		}
		const unlinked = DOCUMENTS.filter(
			(file) => file.startsWith('docs/') && !readmeTargets.includes(file),
		);
		expect(unlinked).toEqual([]);
	});

	it('reliability links the fault matrix the fault tests write', () => {
		expect(linksOf(read('docs/reliability.md')).map(({ target }) => target)).toContain(
			'../test/harness/faults/matrix.md',
		);
	});
});

/** The commands of a file's shell code blocks, without their trailing comments. */
function shellCommandsOf(text: string): string[] {
	const commands: string[] = [];
	let inShell = false;
	for (const line of text.split('\n')) {
		if (/^```/.test(line)) inShell = !inShell && /^```(bash|sh|shell)\s*$/.test(line);
		else if (inShell) commands.push(line.replace(/\s+#.*$/, '').trim());
	}
	return commands.filter(Boolean);
}

/** The commands a script runs: not its comments, options or change of directory. */
const scriptCommandsOf = (text: string) =>
	text
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line && !line.startsWith('#') && !/^(set|cd)\s/.test(line));

describe('the commands a newcomer needs', () => {
	const readme = shellCommandsOf(read('README.md'));

	it('the README says how to run the nodes and how to test them', () => {
		expect(readme).toEqual(expect.arrayContaining(['npm ci && npm run dev', 'npm ci && npm test']));
	});

	it("CI (.ci/run) runs the README's test command, word for word", () => {
		const ci = scriptCommandsOf(read('.ci/run'));
		expect(ci).toEqual(['npm ci && npm test']);
		expect(readme).toContain(ci[0]);
	});

	it('reads commands from shell blocks only, without comments', () => {
		const text = [
			'```bash',
			'npm ci && npm test   # all',
			'```',
			'npm run no',
			'```json',
			'{}',
			'```',
		];
		expect(shellCommandsOf(text.join('\n'))).toEqual(['npm ci && npm test']);
		expect(scriptCommandsOf('#!/bin/sh\n# why\nset -e\ncd here\n\nnpm test\n')).toEqual([
			'npm test',
		]);
	});
});

describe('the link checker itself', () => {
	it('makes GitHub’s slugs', () => {
		expect(slug('Credential: ANZ Sales Intelligence API')).toBe(
			'credential-anz-sales-intelligence-api',
		);
		expect(slug('Person → Search filters')).toBe('person--search-filters');
		expect(slug('`npm run dev`')).toBe('npm-run-dev');
		expect(slug('Measured: 1,000 contacts, 200 repeats')).toBe(
			'measured-1000-contacts-200-repeats',
		);
		expect(slug('API Call, and no "Custom API Call"')).toBe('api-call-and-no-custom-api-call');
		expect(slug('[1.0.0] - 2026-11-25')).toBe('100---2026-11-25');
	});

	it('numbers repeated headings and ignores headings in code', () => {
		const anchors = anchorsOf(
			'# A\n## Usage\n```\n# Not a heading\n```\n## Usage\n<a id="x"></a>\n',
		);
		expect([...anchors]).toEqual(['a', 'usage', 'usage-1', 'x']);
	});

	it('finds links, images and definitions, not those in code', () => {
		const links = linksOf(
			'[a](docs/a.md#b) ![i](docs/c.png "t")\n`[no](x.md)`\n```\n[no](y.md)\n```\n[ref]: ./z.md\n',
		);
		expect(links.map(({ target }) => target)).toEqual(['docs/a.md#b', 'docs/c.png', './z.md']);
	});

	it('reports a missing file and a missing anchor', () => {
		expect(problemOf('README.md', 'docs/no-such-page.md')).toBe(
			'docs/no-such-page.md: docs/no-such-page.md does not exist',
		);
		expect(problemOf('README.md', '#no-such-heading')).toBe(
			'#no-such-heading: no heading #no-such-heading in README.md',
		);
		expect(problemOf('docs/reliability.md', '../README.md#installation')).toBeUndefined();
	});
});
