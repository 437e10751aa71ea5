/* eslint-disable @n8n/community-nodes/no-restricted-imports -- local tooling, never shipped */
/**
 * File helpers with no other import, so that a test can use them without loading scripts/n8n.ts
 * (which reads the n8n version when loaded: with N8N_VERSION=newest, a registry look-up).
 */
import fs from 'node:fs';
import path from 'node:path';

/** Every file under `dir`, sorted. */
export function listFiles(dir: string): string[] {
	const out: string[] = [];
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) out.push(...listFiles(full));
		else if (entry.isFile()) out.push(full);
	}
	return out.sort();
}

/** A JSON file's content, or undefined when it is missing or not JSON. */
export function readJson(file: string): Record<string, unknown> | undefined {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
	} catch {
		return undefined;
	}
}
