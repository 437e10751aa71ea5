import nock from 'nock';
import { setSafeRegexEngine } from 'n8n-workflow';

// n8n runs each parameter's regular expression in a VM with a 250 ms wall-clock limit (its ReDoS
// guard). On a loaded 2-core machine a descheduled test process can pass that limit on a trivial
// pattern and fail a check that has nothing to do with time; the engine tests use the native
// engine instead (they test the nodes, not n8n's guard).
setSafeRegexEngine({
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) =>
		input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) =>
		Array.from(
			input.matchAll(new RegExp(pattern, flags?.includes('g') ? flags : `${flags ?? ''}g`)),
		),
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
});

// Generous: a loaded 2-core CI machine must not turn a slow test into a failed one.
jest.setTimeout(60_000);

// One nock lifecycle for every test file: jest re-evaluates nock per file, but Node's http stays
// patched by the previous file's instance unless it is restored.
beforeAll(() => {
	if (!nock.isActive()) nock.activate();
	nock.disableNetConnect();
	nock.enableNetConnect('127.0.0.1');
});

afterEach(() => {
	nock.cleanAll();
});

afterAll(() => {
	nock.enableNetConnect();
	nock.restore();
});
