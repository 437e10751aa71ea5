/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test tooling, never shipped */
/**
 * n8n servers shared by the end-to-end files that ask for one (`startE2e({ shared: true })`), so
 * that a run starts a few n8n processes instead of one per file: a start costs 12 s of CPU on a
 * quiet machine and 16 to 28 s beside the other files.
 *
 * - A slot is the folder `<pool>/slot-<n>.lease`, made (atomically) by the file that takes it and
 *   removed when that file stops: one file at a time per server, so a file sees only its own
 *   credentials, workflows and runs (runner.ts hands the server back with the file's workflows
 *   archived, which deactivates them, and deleted, and its credentials deleted).
 * - `<pool>/slot-<n>.json` records the slot's server once it is up (user folder, ports, process,
 *   log): the next file to take the slot uses it. The server is a process group of its own, not
 *   a child of the jest worker that started it, so it outlives that file; the global teardown
 *   (`stopSharedN8n`) kills every group and removes the folders.
 * - With every slot taken, or a slot's server gone, a file starts an n8n of its own, as the files
 *   that need the editor, their own settings, package or database always do.
 *
 * The pool folder is made per run by test/e2e/global-setup.ts and passed on as `E2E_POOL_DIR`.
 */
import fs from 'node:fs';
import path from 'node:path';

import { readJson } from '../../scripts/files';

/** One per end-to-end worker (scripts/test.ts runs four). */
const SLOTS = 4;

/**
 * What the shared servers run with beyond the files' common environment: webhook URLs on the
 * address n8n listens on (the webhook files need it), and binary data on the filesystem, n8n
 * 2.x's default outside queue mode, set because the bulk file reads a stored file from there.
 */
export const SHARED_ENV = { N8N_HOST: '127.0.0.1', N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' };

export interface SharedServer {
	userFolder: string;
	ports: { broker: number; http: number };
	/** The server's process (and process group) ID. */
	pid: number;
	log: string;
}

export interface Slot {
	/** The server a file before left running in this slot, if it is still alive. */
	server?: SharedServer;
	/** Records the server this file started in the slot. */
	save(server: SharedServer): void;
	/** Hands the slot to the next file. */
	release(): void;
}

const poolDir = () => process.env.E2E_POOL_DIR;

export const isAlive = (pid: number): boolean => {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
};

const readServer = (file: string) => readJson(file) as SharedServer | undefined;

/** Takes a free slot, or none when every slot is taken (or no pool was made for this run). */
export function takeSlot(): Slot | undefined {
	const dir = poolDir();
	if (!dir) return undefined;
	for (let index = 0; index < SLOTS; index++) {
		const lease = path.join(dir, `slot-${index}.lease`);
		try {
			fs.mkdirSync(lease);
		} catch {
			continue;
		}
		const record = path.join(dir, `slot-${index}.json`);
		const server = readServer(record);
		return {
			server: server && isAlive(server.pid) ? server : undefined,
			save: (started) => fs.writeFileSync(record, JSON.stringify(started)),
			release: () => fs.rmSync(lease, { recursive: true, force: true }),
		};
	}
	return undefined;
}

/** Makes this run's pool folder (global setup). */
export function makePool(parent: string): string {
	fs.mkdirSync(parent, { recursive: true });
	return fs.mkdtempSync(path.join(parent, 'pool-'));
}

/** Kills every shared server of the run and removes their folders and the pool (global teardown). */
export function stopSharedN8n(): void {
	const dir = poolDir();
	if (!dir || !fs.existsSync(dir)) return;
	for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.json'))) {
		const server = readServer(path.join(dir, name));
		if (!server) continue;
		try {
			process.kill(-server.pid, 'SIGKILL');
		} catch {
			// already gone
		}
		if (process.env.E2E_KEEP !== '1') {
			fs.rmSync(server.userFolder, { recursive: true, force: true });
		}
	}
	fs.rmSync(dir, { recursive: true, force: true });
}
