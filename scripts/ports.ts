/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- local tooling, never shipped */
/** Free local ports for the simulator, n8n and its task broker (no other import: tests load it alone). */
import net from 'node:net';

/** Binds `port` (0: any) on 127.0.0.1 and lets it go: the port bound, or undefined if taken. */
function tryPort(port: number): Promise<number | undefined> {
	return new Promise((resolve) => {
		const server = net.createServer();
		server.unref();
		server.on('error', () => resolve(undefined));
		server.listen(port, '127.0.0.1', () => {
			const { port: bound } = server.address() as net.AddressInfo;
			server.close(() => resolve(bound));
		});
	});
}

/** Ports this process has handed out, so it never hands out one twice. */
const handedOut = new Set<number>();
const WORKER_PORT_BASE = 20_000;
const WORKER_PORT_SPAN = 1_000;

/**
 * A free TCP port on 127.0.0.1, for a process that binds it a few seconds later. Between the check
 * and that bind another process could take it: jest workers running end-to-end files side by side
 * each draw from their own range below the kernel's ephemeral ports (32768 up), so no two workers
 * and no outgoing connection can pick the same port; other callers get one from the kernel.
 */
export async function freePort(): Promise<number> {
	const worker = Number(process.env.JEST_WORKER_ID);
	if (Number.isInteger(worker) && worker > 0) {
		const base = WORKER_PORT_BASE + (worker % 12) * WORKER_PORT_SPAN;
		for (let port = base; port < base + WORKER_PORT_SPAN; port++) {
			if (handedOut.has(port)) continue;
			if ((await tryPort(port)) === port) {
				handedOut.add(port);
				return port;
			}
		}
	}
	for (;;) {
		const port = await tryPort(0);
		if (port === undefined) throw new Error('No free TCP port on 127.0.0.1');
		if (!handedOut.has(port)) {
			handedOut.add(port);
			return port;
		}
	}
}
