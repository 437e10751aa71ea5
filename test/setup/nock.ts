import nock from 'nock';

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
