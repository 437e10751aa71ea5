import nock from 'nock';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeParameters,
	INodeProperties,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers, sleep } from 'n8n-workflow';

import * as secondWindow from '../../nodes/enrichment/secondWindow';
import * as throttle from '../../nodes/MarketingAutomation/transport/throttle';
import { everyNodeVersion, runWorkflow, type NodeVersion } from '../harness';

// Retry pauses take no time: an operation that lets a value through calls a blocked host.
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

/**
 * Every operation of every node, as an AI agent's tool, with one bad argument at a time: the
 * answer names that argument and tells the model to change it and call again (no editor item
 * numbers); the same value from the user's own setting tells the model to stop and tell the user.
 *
 * The cases come from the built descriptions: each operation's text, number, JSON and locator
 * parameters are filled by the model (`$fromAI`, keyed as n8n keys them), with a plausible value
 * each; a value the checks refuse even so is put back to the setting's default. Then each argument
 * in turn gets bad values until a check refuses one. An operation added later is walked the same
 * way: its checks pass when they throw through the shared input-error helpers (see CONTRIBUTING).
 * With the arguments its checks pass, each operation that reaches its service is run again with
 * every host answering 429 (retry, within 30 s of waits) and 403 (stop and tell the user).
 */

/** Choices the model fills too: a list loaded from the service, required (n8n checks it). */
const isLoadedChoice = (field: INodeProperties) =>
	field.type === 'options' && field.required === true && !!field.typeOptions?.loadOptionsMethod;

const FILLED_TYPES = new Set([
	'string',
	'number',
	'json',
	'resourceLocator',
	'dateTime',
	'multiOptions',
]);
const AGENT_INPUT = { chatInput: 'Do it', sessionId: 's-1', toolCallId: 'call-1' };
const CREDENTIALS: Record<string, ICredentialDataDecryptedObject> = {
	agentPlatformApi: { region: 'custom', baseUrl: 'https://agents.test', apiKey: 'sk-secret' },
	anzSalesIntelligenceApi: { api: 'service', serviceUrl: 'https://anz.test', apiKey: 'a-secret' },
	globalEnrichmentApi: { baseUrl: 'https://global.test', apiKey: 'g-secret' },
	marketingAutomationApi: {
		restEndpoint: 'https://marketing.test/rest',
		clientId: 'id',
		clientSecret: 'secret',
	},
};

/** The key n8n gives a parameter the model fills: its display name, other characters as `_`. */
const keyOf = (field: INodeProperties) =>
	field.displayName.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);

const fromAi = (field: INodeProperties): unknown => {
	const expression = `={{ $fromAI('${keyOf(field)}', '', '${field.type === 'number' ? 'number' : 'string'}') }}`;
	if (field.type !== 'resourceLocator') return expression;
	const modes = field.modes ?? [];
	const mode = modes.some((m) => m.name === 'id') ? 'id' : (modes[0]?.name ?? 'id');
	return { __rl: true, mode, value: expression };
};

/** A value the operation's checks are likely to accept, from the field's kind and name. */
function plausible(field: INodeProperties): string | number {
	const name = `${field.name} ${field.displayName}`;
	if (field.type === 'number') return 5;
	if (field.type === 'multiOptions' && !/role/i.test(name)) {
		return String((field.options?.[0] as { value?: unknown } | undefined)?.value ?? '');
	}
	if (field.type === 'json') return '{}';
	if (field.type === 'dateTime' || /date|since|after|before/i.test(name))
		return '2026-11-01T00:00:00Z';
	if (/e-?mail/i.test(name)) return 'ana@example.com';
	if (/url|address|website/i.test(name)) return 'https://example.com';
	if (/domain/i.test(name)) return 'example.com';
	if (/role/i.test(name)) return 'editor';
	if (/id\b|ids\b|Id\b|ID/.test(name)) return '1001';
	return 'Example';
}

const BAD_VALUES = (field: INodeProperties): string[] =>
	field.type === 'json' ? ['', '[1', '"text"'] : ['', 'not valid ☃ /?#% twelve'];

interface Operation {
	node: string;
	type: string;
	credential: string;
	version: number;
	resource: string;
	operation: string;
	/** Every visible parameter as the editor fills it. */
	base: INodeParameters;
	/** The parameters the model fills. */
	filled: INodeProperties[];
}

const toolDescription = (description: INodeTypeDescription): INodeTypeDescription => ({
	...description,
	name: `${description.name}Tool`,
});

/** The visible parameters of one operation, defaults filled, as n8n computes them. */
function parametersOf(
	description: INodeTypeDescription,
	version: number,
	values: INodeParameters,
): INodeParameters {
	return (
		NodeHelpers.getNodeParameters(
			description.properties,
			values,
			true,
			false,
			{ typeVersion: version },
			description,
		) ?? {}
	);
}

function operationsOf(latest: NodeVersion): Operation[] {
	const description = toolDescription(latest.description);
	const credential = description.credentials?.[0]?.name ?? '';
	const first = parametersOf(description, latest.version, {});
	const resources = description.properties.find((p) => p.name === 'resource')?.options ?? [];
	return resources.flatMap((resourceOption) => {
		const resource = String((resourceOption as { value: unknown }).value);
		const withResource = parametersOf(description, latest.version, { ...first, resource });
		const selectors = description.properties.filter(
			(property) =>
				property.name === 'operation' &&
				NodeHelpers.displayParameter(
					withResource,
					property,
					{ typeVersion: latest.version },
					description,
				),
		);
		const values = new Set(
			selectors.flatMap((selector) =>
				(selector.options ?? []).map((option) => String((option as { value: unknown }).value)),
			),
		);
		return [...values].map((operation) => {
			const base = parametersOf(description, latest.version, { resource, operation });
			const filled = description.properties.filter(
				(property) =>
					property.name in base &&
					!['resource', 'operation'].includes(property.name) &&
					(FILLED_TYPES.has(property.type) || isLoadedChoice(property)) &&
					!property.noDataExpression &&
					NodeHelpers.displayParameter(
						base,
						property,
						{ typeVersion: latest.version },
						description,
					),
			);
			return {
				node: latest.description.displayName,
				type: description.name,
				credential,
				version: latest.version,
				resource,
				operation,
				base,
				filled,
			};
		});
	});
}

interface Answer {
	message?: string;
	/** n8n refused to start the node (a required parameter empty): not the node's answer. */
	issues?: string;
	/** Requests the node tried to send (all blocked). */
	calls: number;
}

async function runTool(
	op: Operation,
	parameters: INodeParameters,
	args: IDataObject,
): Promise<Answer> {
	let calls = 0;
	const count = () => calls++;
	nock.emitter.on('no match', count);
	try {
		const result = await runWorkflow({
			nodes: {
				type: op.type,
				typeVersion: op.version,
				credentialTypes: [op.credential],
				parameters: parameters as never,
			},
			items: [{ ...AGENT_INPUT, ...args }],
			credentials: { [op.credential]: CREDENTIALS[op.credential] },
		});
		return { message: result.error?.message, calls };
	} catch (error) {
		return { issues: (error as Error).message, calls };
	} finally {
		nock.emitter.removeListener('no match', count);
	}
}

/** A refusal before any call: the node's own answer to its input. */
const refusedInput = (answer: Answer) => answer.message !== undefined && answer.calls === 0;

const CHANGE = /(?:Change|Add) the argument '([^']+)' and call this tool again\.$/;
const STOP = /Do not retry: stop and tell the user/;
const RETRY = /Retry: call this tool again with the same arguments in \d+ seconds?\b/;

/**
 * Every host of the credentials answers `status` (the marketing identity endpoint issues a token
 * first, so the call itself is what is answered).
 */
function answerEveryHost(status: number, headers: Record<string, string> = {}): void {
	nock('https://marketing.test')
		.persist()
		.post(/^\/identity\/oauth\/token/)
		.reply(200, { access_token: 'tok', token_type: 'bearer', expires_in: 3600, scope: 'x' })
		.get(/^\/identity\/oauth\/token/)
		.reply(200, { access_token: 'tok', token_type: 'bearer', expires_in: 3600, scope: 'x' });
	for (const host of [
		'https://marketing.test',
		'https://agents.test',
		'https://anz.test',
		'https://global.test',
	]) {
		const scope = nock(host).persist();
		for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
			scope[method](/.*/).reply(status, { message: `HTTP ${status}` }, headers);
		}
	}
}

interface Case {
	op: Operation;
	field: INodeProperties;
	bad: string;
	/** The model's arguments, the bad one included. */
	args: IDataObject;
	/** The parameters, every filled one a `$fromAI`. */
	parameters: INodeParameters;
	message: string;
}

/** Other values to try when a check refuses the first guess. */
const FALLBACKS: Array<string | number> = [
	'1001',
	'Example',
	'ana@example.com',
	'https://example.com',
	'example.com',
	'2026-11-01T00:00:00Z',
	'{"email": "ana@example.com"}',
	'3f2b1c9e-8d4a-4f6b-9c1e-2a7d5e6f8b90',
	'/rest/v1/leads.json',
	'https://www.linkedin.com/in/ana-example',
];

/**
 * The model fills `filled` with values its checks accept: a refused guess is replaced by the next
 * one; a parameter with none accepted goes back to the setting's default.
 */
async function settle(op: Operation) {
	let filled = [...op.filled];
	const guesses = new Map(filled.map((field) => [field, [plausible(field), ...FALLBACKS]]));
	// A required argument no guess passes: its last refusal is a case of its own.
	const refusals: Case[] = [];
	for (;;) {
		const parameters: INodeParameters = { ...op.base };
		const args: IDataObject = {};
		for (const field of filled) {
			parameters[field.name] = fromAi(field) as never;
			args[keyOf(field)] = guesses.get(field)?.[0];
		}
		const answer = await runTool(op, parameters, args);
		const named = refusedInput(answer) ? CHANGE.exec(answer.message ?? '') : null;
		const refused = named && filled.find((field) => keyOf(field) === named[1].split('.')[0]);
		if (!refused) return { filled, parameters, args, baseline: answer, refusals };
		const left = guesses.get(refused) ?? [];
		const bad = String(left.shift());
		if (left.length > 0) continue;
		filled = filled.filter((field) => field !== refused);
		if (refused.required) {
			refusals.push({ op, field: refused, bad, args, parameters, message: answer.message ?? '' });
			// n8n runs no node whose required parameter is empty: the op has its case.
			return { filled, parameters, args, baseline: answer, refusals };
		}
	}
}

/** The first bad value of each argument that a check refuses. */
interface Walked {
	op: Operation;
	cases: Case[];
	/** The run with arguments every check passes (it reached the service: `calls` > 0). */
	baseline: Answer;
	parameters?: INodeParameters;
	args?: IDataObject;
}

async function casesOf(op: Operation): Promise<Walked> {
	const { filled, parameters, args, baseline, refusals } = await settle(op);
	if (refusals.length > 0) return { op, cases: refusals, baseline: { calls: 0 } };
	const cases: Case[] = [];
	if (refusedInput(baseline)) return { op, cases, baseline };
	for (const field of filled) {
		for (const bad of BAD_VALUES(field)) {
			const withBad = { ...args, [keyOf(field)]: bad };
			const answer = await runTool(op, parameters, withBad);
			if (!refusedInput(answer)) continue;
			cases.push({ op, field, bad, args: withBad, parameters, message: answer.message ?? '' });
			break;
		}
	}
	return { op, cases, baseline, parameters, args };
}

const label = (c: Case) =>
	`${c.op.node}: ${c.op.resource} → ${c.op.operation}, ${keyOf(c.field)} = ${JSON.stringify(c.bad)}`;

describe('every operation as a tool: a bad argument is named, with the verb of its class', () => {
	const walked: Walked[] = [];

	beforeAll(async () => {
		const versions = await everyNodeVersion();
		const latest = new Map<string, NodeVersion>();
		for (const version of versions) {
			if (!version.description.usableAsTool) continue;
			const known = latest.get(version.name);
			if (!known || known.version < version.version) latest.set(version.name, version);
		}
		for (const version of latest.values()) {
			for (const op of operationsOf(version)) walked.push(await casesOf(op));
		}
	}, 600_000);

	it('walks the operations of every node usable as a tool', () => {
		expect(new Set(walked.map(({ op }) => op.node)).size).toBe(4);
		expect(walked.length).toBeGreaterThan(60);
	});

	it('names the bad argument and says to change it, without item numbers', () => {
		const wrong = walked
			.flatMap(({ cases }) => cases)
			.filter((c) => {
				const named = CHANGE.exec(c.message);
				return !named || named[1].split('.')[0] !== keyOf(c.field) || /\bitem \d/i.test(c.message);
			})
			.map((c) => `${label(c)}\n    → ${c.message}`);
		expect(wrong).toEqual([]);
	});

	it('finds a bad argument for every operation with a required text parameter', () => {
		const uncovered = walked
			.filter(({ op, cases, baseline }) => {
				if (cases.length > 0 || refusedInput(baseline)) return false;
				return op.filled.some((field) => field.required === true);
			})
			.map(
				({ op, baseline }) =>
					`${op.node}: ${op.resource} → ${op.operation}: ${JSON.stringify(baseline)}`,
			);
		expect(uncovered).toEqual([]);
	});

	it("says to stop and tell the user when the user's own setting is refused", () => {
		const wrong = walked
			.filter(({ baseline }) => refusedInput(baseline))
			.map(({ op, baseline }) => ({ op, message: baseline.message ?? '' }))
			.filter(({ message }) => !STOP.test(message) || /\bitem \d/i.test(message))
			.map(({ op, message }) => `${op.node}: ${op.resource} → ${op.operation}\n    → ${message}`);
		expect(wrong).toEqual([]);
	});

	it('the same bad value as a fixed setting: stop and tell the user, no argument named', async () => {
		const wrong: string[] = [];
		for (const c of walked.flatMap(({ cases }) => cases)) {
			const fixed =
				c.field.type === 'resourceLocator' ? { __rl: true, mode: 'id', value: c.bad } : c.bad;
			const answer = await runTool(
				c.op,
				{ ...c.parameters, [c.field.name]: fixed as never },
				c.args,
			);
			if (!refusedInput(answer)) continue;
			const message = answer.message ?? '';
			if (!STOP.test(message) || CHANGE.test(message) || /\bitem \d/i.test(message)) {
				wrong.push(`${label(c)} (as a setting)\n    → ${message}`);
			}
		}
		expect(wrong).toEqual([]);
	}, 600_000);
	/**
	 * Each operation that reached its service, run again with every host answering `status`: its
	 * answer, and the waits it took (the mocked sleep's).
	 */
	const answeredBy = async (status: number, headers: Record<string, string> = {}) => {
		const reached = walked.filter(({ baseline }) => baseline.calls > 0 && !baseline.issues);
		const runs: Array<{ op: Operation; message: string; waitedMs: number }> = [];
		for (const { op, parameters, args } of reached) {
			// Fresh per-instance and per-key pacers per run: the shared ones would carry the pace of
			// earlier runs into this one.
			jest.spyOn(throttle, 'limiterFor').mockImplementation(() => new throttle.InstanceLimiter());
			jest
				.spyOn(secondWindow, 'secondWindowFor')
				.mockImplementation((_url, _auth, limit) => new secondWindow.SecondWindow(limit));
			// A virtual clock: each pause moves it on at once, so the time the call took is `waitedMs`.
			const start = Date.now();
			let waitedMs = 0;
			jest.spyOn(Date, 'now').mockImplementation(() => start + waitedMs);
			(sleep as jest.Mock).mockImplementation(async (ms: number) => {
				waitedMs += Math.max(0, ms);
				await Promise.resolve();
			});
			answerEveryHost(status, headers);
			const answer = await runTool(op, parameters ?? {}, args ?? {});
			nock.cleanAll();
			jest.restoreAllMocks();
			(sleep as jest.Mock).mockImplementation(async () => await Promise.resolve());
			runs.push({ op, message: answer.message ?? '', waitedMs });
		}
		return runs;
	};
	const described = ({
		op,
		message,
		waitedMs,
	}: {
		op: Operation;
		message: string;
		waitedMs: number;
	}) => `${op.node}: ${op.resource} → ${op.operation} (waited ${waitedMs} ms)\n    → ${message}`;

	it('a call the service rate-limits again and again: retry later, 30 s of waits at most', async () => {
		const runs = await answeredBy(429, { 'Retry-After': '20' });
		expect(runs.length).toBeGreaterThan(30);
		const wrong = runs.filter(({ message, waitedMs }) => !RETRY.test(message) || waitedMs > 30_000);
		expect(wrong.map(described)).toEqual([]);
	}, 600_000);

	it('a key the service refuses: stop and tell the user, never retry', async () => {
		const runs = await answeredBy(403);
		const wrong = runs.filter(({ message }) => !STOP.test(message) || /\bitem \d/i.test(message));
		expect(wrong.map(described)).toEqual([]);
	}, 600_000);
});
