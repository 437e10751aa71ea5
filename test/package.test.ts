/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test of the package files, never shipped */
/* The package as shipped: icons, licence, README tables, and no export that only tests use. */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

function listFiles(dir: string, suffix: string): string[] {
	return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
		const relative = path.join(dir, entry.name);
		if (entry.isDirectory()) return listFiles(relative, suffix);
		return entry.name.endsWith(suffix) ? [relative] : [];
	});
}

/** The `file:` icons a source file names, resolved from its folder, relative to the package root. */
function iconsOf(file: string): string[] {
	return [...read(file).matchAll(/'file:([^']+)'/g)].map((match) =>
		path.relative(ROOT, path.resolve(ROOT, path.dirname(file), match[1])),
	);
}

const manifest = JSON.parse(read('package.json')) as {
	license: string;
	n8n: { nodes: string[]; credentials: string[] };
};
const sourceOf = (distFile: string) => distFile.replace(/^dist\//, '').replace(/\.js$/, '.ts');

describe('icons', () => {
	const nodes = manifest.n8n.nodes.map(sourceOf);
	const credentials = manifest.n8n.credentials.map(sourceOf);

	it('every node and credential shows a light and a dark icon from icons/, and they exist', () => {
		for (const file of [...nodes, ...credentials]) {
			const icons = iconsOf(file);
			expect({ file, count: icons.length }).toEqual({ file, count: 2 });
			for (const icon of icons) {
				expect(icon.startsWith(`icons${path.sep}`)).toBe(true);
				expect(fs.existsSync(path.join(ROOT, icon))).toBe(true);
			}
		}
	});

	it('a node and its credential show the same artwork', () => {
		for (const file of nodes) {
			const credentialNames = [...read(file).matchAll(/name: '(\w+Api)'/g)].map((m) => m[1]);
			for (const name of credentialNames) {
				const credential = credentials.find((c) => read(c).includes(`name = '${name}'`));
				expect(credential).toBeDefined();
				expect(iconsOf(credential!)).toEqual(iconsOf(file));
			}
		}
	});

	it('keeps one copy of each icon: no image files beside nodes or credentials', () => {
		const images = [...listFiles('nodes', '.svg'), ...listFiles('credentials', '.svg')];
		expect(images).toEqual([]);
	});
});

describe('codex', () => {
	const CATEGORIES = [
		'Analytics',
		'Communication',
		'Data & Storage',
		'Development',
		'Finance & Accounting',
		'Marketing & Content',
		'Miscellaneous',
		'Productivity',
		'Sales',
		'Utility',
	];

	it.each(manifest.n8n.nodes.map(sourceOf))(
		'%s: n8n categories only, and search aliases',
		(file) => {
			const codex = JSON.parse(read(file.replace(/\.ts$/, '.json'))) as {
				categories: string[];
				alias?: string[];
			};
			for (const category of codex.categories) expect(CATEGORIES).toContain(category);
			expect(codex.alias?.length).toBeGreaterThan(3);
		},
	);

	it('"enrich", "lead", "ABN" and "invite" each find a node', () => {
		const aliases = manifest.n8n.nodes
			.map(sourceOf)
			.flatMap(
				(file) => (JSON.parse(read(file.replace(/\.ts$/, '.json'))) as { alias: string[] }).alias,
			);
		for (const word of ['enrich', 'lead', 'ABN', 'invite']) expect(aliases).toContain(word);
	});
});

describe('licence', () => {
	it('ships the MIT licence that package.json names', () => {
		expect(manifest.license).toBe('MIT');
		expect(read('LICENSE.md')).toMatch(/^MIT License/);
	});
});

/** The cells of a Markdown table row: split on `|` outside code spans, edges trimmed. */
function cells(line: string): string[] {
	const result: string[] = [];
	let current = '';
	let inCode = false;
	for (let i = 0; i < line.length; i++) {
		const char = line[i];
		if (char === '\\' && line[i + 1] === '|') {
			current += '|';
			i++;
		} else if (char === '`') {
			inCode = !inCode;
			current += char;
		} else if (char === '|' && !inCode) {
			result.push(current);
			current = '';
		} else current += char;
	}
	result.push(current);
	if (line.trim().startsWith('|')) result.shift();
	if (line.trim().endsWith('|')) result.pop();
	return result.map((cell) => cell.trim());
}

describe('Markdown tables render on GitHub', () => {
	const documents = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'].filter((file) =>
		fs.existsSync(path.join(ROOT, file)),
	);

	it.each(documents)('%s: every table has as many delimiter cells as header cells', (file) => {
		const lines = read(file).split('\n');
		let inFence = false;
		const problems: string[] = [];
		for (let i = 1; i < lines.length; i++) {
			if (lines[i - 1].startsWith('```')) inFence = !inFence;
			if (inFence) continue;
			const delimiter = lines[i].trim();
			if (!/^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/.test(delimiter)) continue;
			const header = cells(lines[i - 1]);
			const marks = cells(lines[i]);
			if (header.length !== marks.length) {
				problems.push(`line ${i + 1}: ${header.length} header cells, ${marks.length} delimiters`);
			}
			for (let row = i + 1; row < lines.length && lines[row].trim().startsWith('|'); row++) {
				if (cells(lines[row]).length > header.length) {
					problems.push(`line ${row + 1}: more cells than the header`);
				}
			}
		}
		expect(problems).toEqual([]);
	});
});

/** The module file a relative import names (`./x` is x.ts or x/index.ts), or undefined. */
function moduleOf(file: string, specifier: string): string | undefined {
	if (!specifier.startsWith('.')) return undefined;
	const base = path.join(path.dirname(file), specifier);
	return [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) =>
		fs.existsSync(path.join(ROOT, candidate)),
	);
}

/**
 * The names a file takes from other files of the repository: `import {a, type B as C}`,
 * `export {a} from` and, for `import * as x`, every `x.name` it uses.
 */
function importsOf(file: string, text: string): Array<{ from: string; name: string }> {
	const found: Array<{ from: string; name: string }> = [];
	const named = /(?:import|export)\s+(?:type\s+)?(?:\w+\s*,\s*)?\{([^}]*)\}\s*from\s*'([^']+)'/g;
	for (const [, list, specifier] of text.matchAll(named)) {
		const from = moduleOf(file, specifier);
		if (!from) continue;
		for (const item of list.split(',')) {
			const name = item
				.trim()
				.replace(/^type\s+/, '')
				.split(/\s+as\s+/)[0];
			if (name) found.push({ from, name });
		}
	}
	for (const [, alias, specifier] of text.matchAll(
		/import\s+\*\s+as\s+(\w+)\s+from\s*'([^']+)'/g,
	)) {
		const from = moduleOf(file, specifier);
		if (!from) continue;
		for (const [, name] of text.matchAll(new RegExp(`\\b${alias}\\.(\\w+)`, 'g'))) {
			found.push({ from, name });
		}
	}
	return found;
}

/**
 * Exported types no other file imports, in files other changes of issue 36 are rewriting (the
 * transports, the enrichment client, the shared failure, backoff and router, the actions, the
 * credential tests being renamed, the tool run being folded): they go with those changes.
 */
const TYPES_BEING_REWRITTEN = [
	'nodes/enrichment/client.ts: EnrichmentService',
];

describe('shipped code', () => {
	const runtime = [...listFiles('nodes', '.ts'), ...listFiles('credentials', '.ts')];
	const sources = new Map(runtime.map((file) => [file, read(file)]));

	const exportedValues = [...sources].flatMap(([file, text]) =>
		/\.(node|credentials)\.ts$/.test(file)
			? []
			: [...text.matchAll(/^export (?:async )?(?:const|function|class) (\w+)/gm)].map((match) => ({
					file,
					name: match[1],
				})),
	);
	const exportedTypes = [...sources].flatMap(([file, text]) =>
		[...text.matchAll(/^export (?:declare )?(?:type|interface|enum) (\w+)/gm)].map((match) => ({
			file,
			name: match[1],
		})),
	);
	/** `file: name` for every name some file of the repository imports from a runtime file. */
	const imported = new Set(
		['nodes', 'credentials', 'test', 'bench', 'scripts']
			.flatMap((dir) => listFiles(dir, '.ts'))
			.flatMap((file) => importsOf(file, read(file)))
			.map(({ from, name }) => `${from}: ${name}`),
	);
	const occurrences = (text: string, name: string) =>
		text.match(new RegExp(`\\b${name}\\b`, 'g'))?.length ?? 0;

	it('exports no dead code: every exported value is used by the runtime, here or elsewhere', () => {
		const dead = exportedValues
			.filter(
				({ file, name }) =>
					occurrences(sources.get(file)!, name) < 2 &&
					![...sources].some(([other, text]) => other !== file && occurrences(text, name) > 0),
			)
			.map(({ file, name }) => `${file}: ${name}`);
		expect(dead).toEqual([]);
	});

	it('exports no type that no other file imports (a type for its own file stays unexported)', () => {
		const dead = exportedTypes
			.map(({ file, name }) => `${file}: ${name}`)
			.filter((entry) => !imported.has(entry));
		expect(dead.filter((entry) => !TYPES_BEING_REWRITTEN.includes(entry))).toEqual([]);
		// An entry whose type is gone or imported now comes off the list.
		expect(TYPES_BEING_REWRITTEN.filter((entry) => !dead.includes(entry))).toEqual([]);
	});

	it('exports no hooks that exist only for tests (set…/reset… settings)', () => {
		const hooks = exportedValues
			.filter(({ name }) => /^(set|reset)[A-Z]/.test(name))
			.map(({ file, name }) => `${file}: ${name}`);
		expect(hooks).toEqual([]);
	});
});
