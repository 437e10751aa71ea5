/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a local command, never shipped */
/**
 * `npm run bench`: runs every `bench/*.bench.ts` (or the names given as arguments) against the
 * local simulator and prints their reports. Not a test: it measures, it does not pass or fail.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

export interface BenchModule {
	title: string;
	run(): Promise<string>;
}

async function main() {
	const only = process.argv.slice(2);
	const files = readdirSync(__dirname)
		.filter((file) => file.endsWith('.bench.ts'))
		.filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
		.sort();
	for (const file of files) {
		const bench = (await import(path.join(__dirname, file))) as { default: BenchModule };
		process.stdout.write(`\n=== ${bench.default.title} (${file}) ===\n`);
		const started = Date.now();
		process.stdout.write(`${await bench.default.run()}\n`);
		process.stdout.write(`(bench wall time ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
	}
}

main().then(
	// Every module has stopped its servers and processes by now; an idle keep-alive socket or a
	// library's timer must not hold the command open for minutes.
	() => process.exit(0),
	(error: Error) => {
		process.stderr.write(`${error.stack ?? error.message}\n`);
		process.exit(1);
	},
);
