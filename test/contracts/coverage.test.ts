/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test of the sources, never shipped */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { PROJECT_ROOT } from '../harness';
import { startServices, type Simulator } from '../simulator';
import { agentPlatformContract } from './agentPlatform';
import { agentPlatformWorkContract } from './agentPlatformWork';
import { anzContract } from './anz';
import { matchEndpoint } from './check';
import { flowStepContract } from './flowStep';
import { globalContract, globalWebhooksContract } from './global';
import { marketingContract } from './marketing';
import type { ServiceContract } from './types';

const CONTRACTS: ServiceContract[] = [
	marketingContract,
	agentPlatformContract,
	agentPlatformWorkContract,
	anzContract,
	globalContract,
	globalWebhooksContract,
	flowStepContract,
];

/** Every `.ts` file under a folder. */
function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory()
			? sources(join(dir, entry.name))
			: entry.name.endsWith('.ts')
				? [join(dir, entry.name)]
				: [],
	);
}

describe('service contracts', () => {
	let sim: Simulator;
	beforeAll(async () => {
		sim = await startServices();
	});
	afterAll(async () => {
		await sim.close();
	});

	it('every simulated service checks its traffic against a contract of its own', () => {
		const unchecked = sim.modules.filter((module) => !module.contract).map((module) => module.name);
		expect(unchecked).toEqual([]);
		for (const module of sim.modules.filter((m) => m.contract)) {
			expect(module.contract?.service).toBe(module.name);
		}
	});

	it.each(CONTRACTS.map((contract) => [contract.service, contract] as const))(
		'%s: every entry names its operation and a document the contract lists, once',
		(_name, contract) => {
			const problems: string[] = [];
			const seen = new Set<string>();
			for (const endpoint of contract.endpoints) {
				const key = `${endpoint.method} ${endpoint.path}`;
				if (seen.has(key)) problems.push(`${key} is listed twice`);
				seen.add(key);
				if (!endpoint.operation.trim()) problems.push(`${key} names no operation`);
				// The source starts with a document's key; where in it may follow (`v3: getUsage`).
				const document = /^[^\s:]+/.exec(endpoint.source)?.[0] ?? '';
				if (!(document in contract.documents))
					problems.push(`${key} cites ${endpoint.source}, not a document of the contract`);
				if (Object.keys(endpoint.answers).length === 0) problems.push(`${key} has no answers`);
			}
			expect(problems).toEqual([]);
		},
	);

	it('every fixed path the marketing node writes has a contract entry', () => {
		// Paths built from parts are checked when their operation's engine test runs (the simulator
		// reports a call with no entry); this catches a literal path with no entry before that.
		const literal = /['`](\/(?:rest|bulk|identity)\/[A-Za-z0-9/._]+\.json)['`]/g;
		const missing: string[] = [];
		for (const file of sources(join(PROJECT_ROOT, 'nodes', 'MarketingAutomation'))) {
			for (const [, path] of readFileSync(file, 'utf8').matchAll(literal)) {
				const known = ['GET', 'POST', 'DELETE'].some((method) =>
					matchEndpoint(marketingContract, method, path),
				);
				if (!known) missing.push(`${path} (${file.slice(PROJECT_ROOT.length + 1)})`);
			}
		}
		expect(missing).toEqual([]);
	});
});
