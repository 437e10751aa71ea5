/**
 * Icon tasks for working with `tsc --watch` (`npm run build:watch`), which compiles TypeScript but
 * never copies SVG/PNG icons into dist/. `n8n-node build` remains the one build.
 *
 *   npx gulp check:icons   every `file:` icon that a registered node or credential references
 *                          exists (resolved like n8n does: relative to the node/credential file)
 *   npx gulp build:icons   check, then copy the icons of nodes/, credentials/ and icons/ into dist/
 *                          (same relative paths) and verify dist/ has every referenced icon
 *   npx gulp watch:icons   build:icons, then again whenever an icon changes
 */
const fs = require('node:fs');
const path = require('node:path');
const { src, dest, series, watch } = require('gulp');

const ROOT = __dirname;
const ICON_GLOBS = ['nodes/**/*.{svg,png}', 'credentials/**/*.{svg,png}', 'icons/**/*.{svg,png}'];

/** Source files whose `file:` icon paths resolve against `baseDir` (the registered file's folder). */
function iconOwners() {
	const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const registered = [...(manifest.n8n.nodes || []), ...(manifest.n8n.credentials || [])];
	return registered.map((distFile) => {
		const source = distFile.replace(/^dist\//, '').replace(/\.js$/, '.ts');
		const baseDir = path.dirname(path.join(ROOT, source));
		// A node's description may live anywhere in its folder (e.g. actions/description.ts).
		const files = source.startsWith('nodes/') ? listTs(baseDir) : [path.join(ROOT, source)];
		return { source, baseDir, files };
	});
}

function listTs(dir) {
	if (!fs.existsSync(dir)) return [];
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return listTs(full);
		return entry.name.endsWith('.ts') ? [full] : [];
	});
}

/** Every referenced icon: `{ owner, icon, sourcePath, distPath }`. */
function referencedIcons() {
	const icons = [];
	for (const owner of iconOwners()) {
		for (const file of owner.files) {
			if (!fs.existsSync(file)) continue;
			const text = fs.readFileSync(file, 'utf8');
			for (const match of text.matchAll(/['"`]file:([^'"`]+)['"`]/g)) {
				const sourcePath = path.resolve(owner.baseDir, match[1]);
				icons.push({
					owner: owner.source,
					icon: match[1],
					sourcePath,
					distPath: path.join(ROOT, 'dist', path.relative(ROOT, sourcePath)),
				});
			}
		}
	}
	return icons;
}

function fail(message) {
	const error = new Error(message);
	error.showStack = false;
	throw error;
}

function checkIcons(done) {
	const owners = iconOwners();
	const missingOwners = owners.filter((owner) => !fs.existsSync(path.join(ROOT, owner.source)));
	if (missingOwners.length > 0) {
		fail(
			`package.json registers files without a source: ${missingOwners.map((o) => o.source).join(', ')}`,
		);
	}
	const icons = referencedIcons();
	const missing = icons.filter((icon) => !fs.existsSync(icon.sourcePath));
	if (missing.length > 0) {
		fail(
			`Missing icons:\n${missing
				.map(
					(icon) => `  ${icon.owner}: file:${icon.icon} -> ${path.relative(ROOT, icon.sourcePath)}`,
				)
				.join('\n')}`,
		);
	}
	console.log(
		`check:icons: ${icons.length} icon references in ${owners.length} files, all present`,
	);
	done();
}

function copyIcons() {
	return src(ICON_GLOBS, { base: ROOT, cwd: ROOT, encoding: false }).pipe(
		dest(path.join(ROOT, 'dist')),
	);
}

function checkDistIcons(done) {
	const missing = referencedIcons().filter((icon) => !fs.existsSync(icon.distPath));
	if (missing.length > 0) {
		fail(`Not in dist/: ${missing.map((icon) => path.relative(ROOT, icon.distPath)).join(', ')}`);
	}
	done();
}

const buildIcons = series(checkIcons, copyIcons, checkDistIcons);

function watchIcons() {
	watch(ICON_GLOBS, { cwd: ROOT }, buildIcons);
}

exports['check:icons'] = checkIcons;
exports['build:icons'] = buildIcons;
exports['watch:icons'] = series(buildIcons, watchIcons);
exports.default = buildIcons;
