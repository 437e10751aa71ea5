import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_RUNS_IN_FLIGHT, DEFAULT_TIME_LIMIT_S } from './runInput';
import { listThenIdModes } from '../../shared/descriptions';

/** Fields of the agent and tool operations: the pickers, and the options every run shares. */

/** A picker of the project's agents or tools: "From list" (with names) first, then "By ID". */
function locator(
	displayName: 'Agent' | 'Tool' | 'Workforce' | 'Knowledge Table',
	name: string,
	searchListMethod: string,
): INodeProperties {
	const noun = displayName.toLowerCase();
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: `The ${noun} of the project named in the credential`,
		...listThenIdModes(searchListMethod, {
			placeholder: 'e.g. 3f1c2a7e-5b9d-4e8a-9c1f-0a2b3c4d5e6f',
			regex: '^\\s*[^\\s/?#%]{1,240}\\s*$',
			errorMessage: `Not a valid ${noun} ID`,
		}),
	};
}

export const agentLocator = locator('Agent', 'agentId', 'searchAgents');
export const toolLocator = locator('Tool', 'toolId', 'searchTools');
export const workforceLocator = locator('Workforce', 'workforceId', 'searchWorkforces');
export const knowledgeSetLocator = locator(
	'Knowledge Table',
	'knowledgeSet',
	'searchKnowledgeSets',
);

export const timeLimitOption = (what: string): INodeProperties => ({
	displayName: 'Time Limit (Seconds)',
	name: 'timeLimit',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: DEFAULT_TIME_LIMIT_S,
	description: `How long to wait for ${what}. When it runs longer, the item fails with a message that says it is still running and how to read its result later; it is never started a second time.`,
});

export const runsInFlightOption: INodeProperties = {
	displayName: 'Runs in Flight',
	name: 'runsInFlight',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_RUNS_IN_FLIGHT,
	description:
		'How many items run at the same time. The platform queues work over your plan’s concurrency (see Organization → Get Info), so more than your plan allows only waits longer.',
};
