/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- local documentation tool, never shipped */
/**
 * `npm run screenshot` (builds first): the README's pictures of the nodes in a real n8n.
 *
 * 1. Starts `scripts/dev.ts` (simulator, the pinned n8n 2.x with this package and the demos) on its own
 *    ports (SCREENSHOT_N8N_PORT 5688, SCREENSHOT_SIMULATOR_PORT 5690, broker 5689), so a running
 *    `npm run dev` is not disturbed. It shares `.cache/dev-n8n` with `npm run dev`.
 * 2. Drives a headless Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium, from the system's
 *    package manager: `apt-get install chromium`) with `puppeteer-core`: logs in as the demo owner,
 *    opens `examples/marketing-demo.json`, runs it, zooms to fit and saves `docs/canvas.png`; then
 *    opens the node panel, searches for "enrich" and saves `docs/node-search.png` (1600×900);
 *    then opens `examples/marketing-flow-step-demo.json` and saves `docs/flow-step-canvas.png` and,
 *    with its trigger's panel open, `docs/flow-step-trigger.png`.
 * 3. Stops Chromium, n8n and the simulator, also on failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { DEMO_OWNER } from './dev';
import { REPO_ROOT } from './n8n';

const N8N_PORT = Number(process.env.SCREENSHOT_N8N_PORT ?? 5688);
const SIMULATOR_PORT = Number(process.env.SCREENSHOT_SIMULATOR_PORT ?? 5690);
const BROKER_PORT = Number(process.env.SCREENSHOT_BROKER_PORT ?? 5689);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WORKFLOW_ID = 'demoMarketingWf001';
/** examples/marketing-flow-step-demo.json and its trigger node. */
const FLOW_STEP_WORKFLOW_ID = 'demoFlowStepWf01';
const FLOW_STEP_TRIGGER = 'Smart Campaign Calls';
const VIEWPORT = { width: 1600, height: 900 };
const DOCS_DIR = path.join(REPO_ROOT, 'docs');
const READY_TIMEOUT_MS = 240_000;

/** The few puppeteer-core calls used here (it is a devDependency; typed locally to stay optional). */
interface Page {
	goto(url: string, options?: { waitUntil?: string }): Promise<unknown>;
	evaluate<T, A>(fn: (arg: A) => Promise<T> | T, arg: A): Promise<T>;
	waitForSelector(selector: string, options?: { timeout?: number }): Promise<unknown>;
	click(selector: string): Promise<void>;
	screenshot(options: { path: string }): Promise<unknown>;
	keyboard: { press(key: string): Promise<void>; type(text: string): Promise<void> };
	$(selector: string): Promise<{ click(options?: { count?: number }): Promise<void> } | null>;
}
interface Browser {
	newPage(): Promise<Page>;
	close(): Promise<void>;
}
interface Puppeteer {
	launch(options: Record<string, unknown>): Promise<Browser>;
}

/** The page's DOM, as far as the functions run inside the page use it (no DOM lib in tsconfig). */
declare const document: {
	querySelectorAll(selector: string): ArrayLike<{ textContent: string | null; click(): void }>;
};

const say = (message: string) => process.stdout.write(`[screenshot] ${message}\n`);
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `scripts/dev.ts` in its own process group; resolves with it once n8n is ready. */
function startDev(): Promise<ChildProcess> {
	const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
	const child = spawn(tsx, [path.join(REPO_ROOT, 'scripts', 'dev.ts')], {
		cwd: REPO_ROOT,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
		env: {
			...process.env,
			DEV_N8N_PORT: String(N8N_PORT),
			DEV_SIMULATOR_PORT: String(SIMULATOR_PORT),
			DEV_BROKER_PORT: String(BROKER_PORT),
		},
	});
	return new Promise((resolve, reject) => {
		let seen = '';
		const timer = setTimeout(
			() => reject(new Error(`npm run dev was not ready within ${READY_TIMEOUT_MS / 1000} s`)),
			READY_TIMEOUT_MS,
		);
		const watch = (chunk: Buffer) => {
			seen = (seen + chunk.toString('utf8')).slice(-8000);
			if (seen.includes('n8n is ready')) {
				clearTimeout(timer);
				resolve(child);
			}
		};
		child.stdout?.on('data', watch);
		child.stderr?.on('data', watch);
		child.on('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`scripts/dev.ts exited (${code}) before n8n was ready:\n${seen}`));
		});
	});
}

async function stopDev(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.pid === undefined) return;
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	process.kill(-child.pid, 'SIGTERM');
	await Promise.race([exited, pause(30_000)]);
}

/** Clicks the first element matching `selector` whose text contains `text`; false if none. */
async function clickByText(page: Page, selector: string, text: string): Promise<boolean> {
	return await page.evaluate(
		({ selector, text }) => {
			const match = Array.from(document.querySelectorAll(selector)).find((element) =>
				(element.textContent ?? '').includes(text),
			);
			match?.click();
			return match !== undefined;
		},
		{ selector, text },
	);
}

async function shoot(browser: Browser): Promise<void> {
	const editor = `http://127.0.0.1:${N8N_PORT}`;
	const page = await browser.newPage();
	await page.goto(`${editor}/signin`, { waitUntil: 'networkidle2' });
	const status = await page.evaluate(
		async (owner) =>
			(
				await fetch('/rest/login', {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }),
				})
			).status,
		DEMO_OWNER,
	);
	if (status !== 200) throw new Error(`Logging in as ${DEMO_OWNER.email} answered ${status}`);

	await page.goto(`${editor}/workflow/${WORKFLOW_ID}`, { waitUntil: 'networkidle2' });
	await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 60_000 });
	if (!(await clickByText(page, 'button', 'Execute workflow'))) {
		throw new Error('No "Execute workflow" button on the canvas');
	}
	// The last node's output handle turns to "success" when the run is done.
	await page
		.waitForSelector(
			'[data-test-id="canvas-node"][data-node-name="Read List Back"] [data-plus-type="success"]',
			{ timeout: 60_000 },
		)
		.catch(() => say('the run did not finish in 60 s; taking the canvas as it is'));
	await page.keyboard.press('1'); // n8n: zoom to fit
	// Close the "Workflow executed successfully" toast so it does not cover the canvas.
	await page.evaluate(() => {
		for (const close of Array.from(document.querySelectorAll('.el-notification__closeBtn'))) {
			close.click();
		}
	}, undefined);
	await pause(1500);
	const canvas = path.join(DOCS_DIR, 'canvas.png');
	await page.screenshot({ path: canvas });
	say(`saved ${path.relative(REPO_ROOT, canvas)}`);

	await page.click('[data-test-id="node-creator-plus-button"]');
	await page.waitForSelector('input[data-test-id="node-creator-search-bar"]', { timeout: 10_000 });
	await pause(1000);
	await page.keyboard.type('enrich');
	await pause(2000);
	const search = path.join(DOCS_DIR, 'node-search.png');
	await page.screenshot({ path: search });
	say(`saved ${path.relative(REPO_ROOT, search)}`);

	await shootFlowStep(page, editor);
}

/**
 * The flow-step demo (docs/marketing-flow-step.md): its canvas, and the trigger's panel with the
 * URL and the settings the marketing service's admin copies into the service.
 */
async function shootFlowStep(page: Page, editor: string): Promise<void> {
	await page.goto(`${editor}/workflow/${FLOW_STEP_WORKFLOW_ID}`, { waitUntil: 'networkidle2' });
	await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 60_000 });
	await page.keyboard.press('1'); // n8n: zoom to fit
	await pause(1500);
	const canvas = path.join(DOCS_DIR, 'flow-step-canvas.png');
	await page.screenshot({ path: canvas });
	say(`saved ${path.relative(REPO_ROOT, canvas)}`);

	const trigger = await page.$(
		`[data-test-id="canvas-node"][data-node-name="${FLOW_STEP_TRIGGER}"]`,
	);
	if (!trigger) throw new Error(`No "${FLOW_STEP_TRIGGER}" node on the flow-step canvas`);
	await trigger.click({ count: 2 });
	await page.waitForSelector('[data-test-id="ndv"]', { timeout: 30_000 });
	await pause(2000);
	const panel = path.join(DOCS_DIR, 'flow-step-trigger.png');
	await page.screenshot({ path: panel });
	say(`saved ${path.relative(REPO_ROOT, panel)}`);
}

async function main() {
	if (!fs.existsSync(CHROMIUM)) {
		throw new Error(
			`No Chromium at ${CHROMIUM}: install it with your system's package manager ` +
				'(e.g. `apt-get install chromium`) or set CHROMIUM_PATH.',
		);
	}
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const puppeteer = require('puppeteer-core') as Puppeteer;
	fs.mkdirSync(DOCS_DIR, { recursive: true });
	say(`starting n8n with the demos on http://127.0.0.1:${N8N_PORT} (about a minute)`);
	const dev = await startDev();
	let browser: Browser | undefined;
	try {
		browser = await puppeteer.launch({
			executablePath: CHROMIUM,
			headless: true,
			// Root in a container has no user namespace for Chromium's sandbox; the page is local.
			args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
			defaultViewport: VIEWPORT,
		});
		await shoot(browser);
	} finally {
		await browser?.close();
		await stopDev(dev);
	}
}

main().catch((error: Error) => {
	process.stderr.write(`[screenshot] ${error.message}\n`);
	process.exit(1);
});
