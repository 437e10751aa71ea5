/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test of the test tooling, never shipped */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sleep } from 'n8n-workflow';

import { isAlive, makePool, stopSharedN8n, takeSlot } from '../e2e/pool';

describe('the shared n8n servers of the end-to-end files (test/e2e/pool.ts)', () => {
	let parent: string;
	const saved = process.env.E2E_POOL_DIR;

	beforeEach(() => {
		parent = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pool-test-'));
		process.env.E2E_POOL_DIR = makePool(parent);
	});

	afterEach(() => {
		process.env.E2E_POOL_DIR = saved;
		fs.rmSync(parent, { recursive: true, force: true });
	});

	it('hands each slot to one file at a time, four at most', () => {
		const taken = [1, 2, 3, 4].map(() => takeSlot());
		expect(taken.every((slot) => slot !== undefined)).toBe(true);
		expect(takeSlot()).toBeUndefined();
		taken[2]!.release();
		expect(takeSlot()).toBeDefined();
		expect(takeSlot()).toBeUndefined();
	});

	it('gives the next file the server a file before left running, and none once it is gone', async () => {
		const server = {
			userFolder: parent,
			ports: { broker: 1, http: 2 },
			pid: process.pid,
			log: 'x',
		};
		const first = takeSlot()!;
		expect(first.server).toBeUndefined();
		first.save(server);
		first.release();
		expect(takeSlot()!.server).toEqual(server);

		const done = spawn('true');
		await new Promise((resolve) => done.on('exit', resolve));
		const other = takeSlot()!;
		other.save({ ...server, pid: done.pid! });
		other.release();
		// The first slot is still taken: the next file gets this one, its server gone.
		expect(isAlive(done.pid!)).toBe(false);
		expect(takeSlot()!.server).toBeUndefined();
	});

	it('stops every shared server with its process group and removes the folders', async () => {
		const folder = fs.mkdtempSync(path.join(parent, 'user-'));
		const server = spawn('sh', ['-c', 'sleep 60 & sleep 60'], { detached: true, stdio: 'ignore' });
		server.unref();
		const slot = takeSlot()!;
		slot.save({ userFolder: folder, ports: { broker: 1, http: 2 }, pid: server.pid!, log: 'x' });
		const pool = process.env.E2E_POOL_DIR!;

		stopSharedN8n();

		for (let tries = 0; tries < 50 && isAlive(server.pid!); tries++) await sleep(20);
		expect(isAlive(server.pid!)).toBe(false);
		expect(fs.existsSync(folder)).toBe(false);
		expect(fs.existsSync(pool)).toBe(false);
	});
});
