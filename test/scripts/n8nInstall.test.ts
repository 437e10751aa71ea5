/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test of the development scripts, never shipped */
/**
 * n8n's install is found in one place: scripts/n8n.ts. Any other script, benchmark or test that
 * reaches into `.cache/` for n8n (as dev.ts once did with `.cache/n8n`, an older layout) breaks on
 * a fresh clone while a stale folder hides it on the machine that wrote it.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const OWNER = path.join('scripts', 'n8n.ts');

function sources(dir: string): string[] {
	return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name);
		if (entry.isDirectory()) return sources(file);
		return /\.(ts|js|mjs)$/.test(entry.name) ? [file] : [];
	});
}

/** Ways of naming a folder of the n8n install. */
const REACHES_IN = [
	/CACHE_DIR\s*,\s*['"`]n8n/,
	// (n8n's own static cache in a user folder, `<user folder>/.cache/n8n/public`, is another thing)
	/(?<!>\/)\.cache\/n8n(-\d|\/|['"`])/,
	/['"`]node_modules['"`]\s*,\s*['"`]n8n['"`]/,
	/node_modules\/n8n\//,
];

describe("n8n's install", () => {
	it('is located only by scripts/n8n.ts', () => {
		const offenders = ['scripts', 'bench', 'test']
			.flatMap(sources)
			.filter(
				(file) => file !== OWNER && file !== path.join('test', 'scripts', 'n8nInstall.test.ts'),
			)
			.filter((file) => {
				const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
				return REACHES_IN.some((pattern) => pattern.test(text));
			});
		expect(offenders).toEqual([]);
	});

	it('catches the path the old dev script used', () => {
		const old = "paths: [path.join(CACHE_DIR, 'n8n', 'node_modules', 'n8n')]";
		expect(REACHES_IN.some((pattern) => pattern.test(old))).toBe(true);
	});
});
