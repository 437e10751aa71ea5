/* eslint-disable */
import path from 'node:path';
import { fork } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { LEAD_UPSERT_BY_EMAIL, leadLookupByEmail } from '../test/harness/marketing';

async function main() {
	process.env.N8N_USER_FOLDER ??= path.resolve(__dirname, '../.cache/bench-n8n');
	process.env.N8N_LOG_LEVEL ??= 'silent';
	process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS ??= 'false';
	process.env.N8N_DIAGNOSTICS_ENABLED ??= 'false';
	const { runWorkflow } = await import('../test/harness');
	const { DEMO_CLIENT } = await import('../test/simulator/marketing');
	const kind = process.env.KIND ?? 'lookup';
	const sizes = (process.env.SIZES ?? '1000,10000').split(',').map(Number);
	const child = fork(path.join(__dirname, 'marketing-sim.ts'), [], {
		env: { ...process.env, BENCH_LATENCY_MS: '5', BENCH_SEED_LEADS: kind === 'lookup' ? String(Math.max(...sizes)) : '0' },
		stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
	});
	const url: string = await new Promise((r) => child.on('message', (m: any) => m?.type === 'ready' && r(m.url)));
	const params = kind === 'lookup' ? leadLookupByEmail({ fields: ['id', 'email'] }) : LEAD_UPSERT_BY_EMAIL;
	const session0 = new Session();
	let profIdx = -1;
	for (const [idx, n] of [1000, ...sizes].entries()) {
		if (process.env.PROFILE && idx === Number(process.env.PROF_FROM)) { profIdx = idx; session0.connect(); await session0.post('Profiler.enable'); await session0.post('Profiler.start'); }
		const input = Array.from({ length: n }, (_v, i) => ({ email: `bench${i}@example.org`, firstName: `Bench${i}`, company: 'Bench Pty Ltd' }));
		const last = false;
		const session = new Session();
		if (last) { session.connect(); await session.post('Profiler.enable'); await session.post('Profiler.start'); }
		const cpu = process.cpuUsage();
		const t = Date.now();
		const result = await runWorkflow({
			nodes: { type: 'marketingAutomation', parameters: params as never, credentialTypes: ['marketingAutomationApi'] },
			items: input,
			credentials: { marketingAutomationApi: { restEndpoint: `${url}/rest`, clientId: DEMO_CLIENT.clientId, clientSecret: DEMO_CLIENT.clientSecret, accessToken: '', expiresAt: 0, issuedFor: '' } },
		});
		const used = process.cpuUsage(cpu);
		if (last) { const { profile } = await session.post('Profiler.stop'); writeFileSync(process.env.PROFILE!, JSON.stringify(profile)); }
		console.log(kind, n, 'wall', Date.now() - t, 'cpu/1k', ((used.user + used.system) / 1000 / n * 1000).toFixed(1), result.error?.message ?? result.output().length);
	}
	if (profIdx >= 0) { const { profile } = await session0.post('Profiler.stop'); writeFileSync(process.env.PROFILE!, JSON.stringify(profile)); }
	child.kill();
}
void main();
