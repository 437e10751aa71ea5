/* eslint-disable @n8n/community-nodes/no-restricted-imports -- local tooling, never shipped */
/**
 * The files a set of compiled entry points needs at run time, found by following their `require`
 * calls (tsc's CommonJS output: `require("./x")`, `require("../shared/y")`, `require("n8n-workflow")`)
 * and the `file:` icons their descriptions name. n8n loads community packages without a bundler,
 * so this is exactly what a package must ship: nothing it does not require, nothing missing.
 */
import fs from 'node:fs';
import path from 'node:path';

/** What n8n lets community node code import (n8n-workflow plus its allow-list). */
export const ALLOWED_MODULES = [
	'n8n-workflow',
	'ai-node-sdk',
	'lodash',
	'moment',
	'p-limit',
	'luxon',
	'zod',
	'crypto',
	'node:crypto',
];

export interface Closure {
	/** Every file reached, relative to `root`, sorted: the entries, what they require, codex files. */
	files: string[];
	/** Icons named by `file:` paths, relative to `root`, sorted. */
	icons: string[];
	/** Non-relative modules required, sorted. */
	modules: string[];
	/** Requires that resolve to nothing (`<file>: <specifier>`), or modules off the allow-list. */
	problems: string[];
}

const REQUIRE = /\brequire\(\s*["']([^"']+)["']\s*\)/g;
const ICON = /["']file:([^"']+)["']/g;

/** The specifiers a compiled file requires, in order of appearance. */
export function requiresOf(source: string): string[] {
	return [...source.matchAll(REQUIRE)].map((match) => match[1]);
}

/** Node's resolution of a relative require inside `root`: the file, `.js`, `.json`, `/index.js`. */
export function resolveRelative(root: string, fromFile: string, specifier: string) {
	const base = path.resolve(path.dirname(path.join(root, fromFile)), specifier);
	for (const candidate of [base, `${base}.js`, `${base}.json`, path.join(base, 'index.js')]) {
		if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
			return path.relative(root, candidate);
		}
	}
	return undefined;
}

/**
 * Follows the requires of `entries` (paths relative to `root`, e.g. `dist/nodes/X/X.node.js`).
 * A node's codex (`X.node.json` beside `X.node.js`) counts as reached: n8n reads it by name.
 * `file:` icons resolve from the folder of the entry whose closure names them, as n8n does.
 */
export function requireClosure(root: string, entries: string[]): Closure {
	const files = new Set<string>();
	const icons = new Set<string>();
	const modules = new Set<string>();
	const problems: string[] = [];

	for (const entry of entries) {
		const entryDir = path.dirname(path.join(root, entry));
		const queue = [entry];
		const seen = new Set<string>();
		while (queue.length > 0) {
			const file = queue.shift()!;
			if (seen.has(file)) continue;
			seen.add(file);
			const full = path.join(root, file);
			if (!fs.existsSync(full)) {
				problems.push(`${file}: missing`);
				continue;
			}
			files.add(file);
			if (!file.endsWith('.js')) continue;
			const source = fs.readFileSync(full, 'utf8');
			for (const specifier of requiresOf(source)) {
				if (specifier.startsWith('.')) {
					const resolved = resolveRelative(root, file, specifier);
					if (resolved) queue.push(resolved);
					else problems.push(`${file}: ${specifier}`);
				} else {
					modules.add(specifier);
					if (!ALLOWED_MODULES.includes(specifier)) {
						problems.push(`${file}: ${specifier} (not on n8n's allow-list)`);
					}
				}
			}
			for (const match of source.matchAll(ICON)) {
				const icon = path.relative(root, path.resolve(entryDir, match[1]));
				if (fs.existsSync(path.join(root, icon))) icons.add(icon);
				else problems.push(`${file}: icon file:${match[1]} (not found)`);
			}
			if (file.endsWith('.node.js')) {
				const codex = file.replace(/\.js$/, '.json');
				if (fs.existsSync(path.join(root, codex))) files.add(codex);
			}
		}
	}
	return {
		files: [...files].sort(),
		icons: [...icons].sort(),
		modules: [...modules].sort(),
		problems,
	};
}
