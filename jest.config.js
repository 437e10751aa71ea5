/** Three projects: pure logic, nodes inside n8n's engine (HTTP held by nock), and a real n8n process. */
const shared = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	setupFiles: ['<rootDir>/test/setup/env.js'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
};

module.exports = {
	projects: [
		{
			...shared,
			displayName: 'unit',
			testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
			setupFilesAfterEnv: ['<rootDir>/test/setup/nock.ts'],
		},
		{
			...shared,
			displayName: 'engine',
			testMatch: ['<rootDir>/test/engine/**/*.test.ts'],
			setupFilesAfterEnv: ['<rootDir>/test/setup/nock.ts'],
		},
		{
			...shared,
			displayName: 'e2e',
			testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
		},
	],
};
