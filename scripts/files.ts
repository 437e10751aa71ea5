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
