/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a local command, never shipped */
import { onViolation } from '../contracts/violations';
import { startServices } from './index';

async function main() {
	const port = Number(process.env.SIMULATOR_PORT ?? 5680);
	// Outside a test nothing fails on a contract break, so say it where the user sees it.
	onViolation((violation) => process.stderr.write(`[simulator] contract: ${violation}\n`));
	const simulator = await startServices({ port });
	process.stdout.write(`Service simulator listening on ${simulator.url}\n`);
	const stop = () => void simulator.close().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

void main();
