/** Release numbers of n8n as the npm registry lists them (pure: no registry, no files). */

/** -1, 0 or 1 as `a` is older than, the same as or newer than `b` (both x.y.z). */
export function compareVersions(a: string, b: string): number {
	const [x, y] = [a, b].map((v) => v.split('.').map(Number));
	for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
	return 0;
}

/** The stable versions in `npm view n8n@<line> version --json`'s answer (one or many), oldest first. */
export function stableVersions(answer: string): string[] {
	const parsed = JSON.parse(answer) as unknown;
	const versions = (Array.isArray(parsed) ? parsed : [parsed]).map(String);
	return versions.filter((v) => /^\d+\.\d+\.\d+$/.test(v)).sort(compareVersions);
}
