/** Two projects: tests inside this process (pure logic, and nodes in n8n's engine with HTTP held by nock), and tests against a real n8n process. */
const shared = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	setupFiles: ['<rootDir>/test/setup/env.js'],
	// Build output (dist/, packages-dist/) and .cache/ (n8n, e2e user folders) are not test sources.
	modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/.cache/', '<rootDir>/packages-dist/'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
};

module.exports = {
	// Each test file loads n8n's engine and ts-jest's compiled sources; run in one process, 230 files
	// outgrew Node's 4 GB heap. Workers are recycled once a file leaves one above 1 GB (this also
	// keeps a 2-core machine from running the files in band).
	workerIdleMemoryLimit: '1GB',
	// The e2e files that wait longest start first (see the file).
	testSequencer: '<rootDir>/test/setup/sequencer.js',
	projects: [
		{
			...shared,
			// Pure logic and nodes inside n8n's engine: no n8n process, HTTP held by nock.
			displayName: 'in-process',
			testMatch: ['<rootDir>/test/**/*.test.ts'],
			testPathIgnorePatterns: ['<rootDir>/test/e2e/'],
			setupFilesAfterEnv: ['<rootDir>/test/setup/nock.ts', '<rootDir>/test/setup/contracts.ts'],
			// A third of n8n-core's load time in each file, for AI Agent wiring no file uses (see it).
			moduleNameMapper: { '^@langchain/core/tools$': '<rootDir>/test/setup/langchainTools.js' },
		},
		{
			...shared,
			displayName: 'e2e',
			testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
			// Installs n8n into .cache/ on first use and packs dist/ once (see test/e2e/runner.ts).
			globalSetup: '<rootDir>/test/e2e/global-setup.ts',
			globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
			// Time limit per test and hook (n8n commands take 3-6 s each); stops leftover runs.
			setupFilesAfterEnv: ['<rootDir>/test/e2e/setup.ts', '<rootDir>/test/setup/contracts.ts'],
		},
	],
};
