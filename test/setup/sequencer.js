const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/**
 * End-to-end files that spend minutes on n8n's starts and waits (bulk jobs read every 15 s, four
 * fresh n8n installs, a flow step's callbacks, n8n's polls) start first: four files run at once,
 * and a long file started last would end the run minutes after the others. The rest keep jest's
 * order (slowest of the last run first, else the largest file first).
 */
const WAITING_FIRST = [
	'MarketingAutomationBulk',
	'packages',
	'MarketingFlowStep',
	'MarketingAutomationTrigger',
	'AgentPlatformRuns',
];

class WaitingFirst extends Sequencer {
	async sort(tests) {
		const sorted = await super.sort(tests);
		const rank = (test) => {
			const index = WAITING_FIRST.indexOf(path.basename(test.path, '.test.ts'));
			return index < 0 ? WAITING_FIRST.length : index;
		};
		return [...sorted].sort((a, b) => rank(a) - rank(b));
	}
}

module.exports = WaitingFirst;
