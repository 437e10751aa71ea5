import actionCodex from '../../../nodes/MarketingAutomation/MarketingAutomation.node.json';
import { MarketingAutomation } from '../../../nodes/MarketingAutomation/MarketingAutomation.node';
import { MarketingAutomationTrigger } from '../../../nodes/MarketingAutomation/MarketingAutomationTrigger.node';

/**
 * n8n's node panel lists an action node and its trigger (`<name>Trigger`) as one entry: the action
 * node's codex (aliases) and the trigger's description (n8n 2's `generateMergedNodesAndActions`
 * sets `description = trigger.description` on the entry). The entry must read as the action
 * node's summary, and every event of the trigger must be found by its words.
 */
describe('Marketing Automation in the node panel', () => {
	const action = new MarketingAutomation().description;
	const trigger = new MarketingAutomationTrigger().description;
	const entry = { ...action, description: trigger.description, codex: actionCodex };

	it('shows the action node’s own summary, not "Starts the workflow when…"', () => {
		expect(`${action.name}Trigger`).toBe(trigger.name);
		expect(entry.description).toBe(action.description);
		expect(entry.description).toBe(
			'Leads and the lead database (companies, opportunities, custom objects, program members), bulk import and extract jobs, campaigns, lists, emails and activities of a marketing-automation service, and a trigger on its activity log',
		);
	});

	it.each(['bounce', 'unsubscribe', 'new lead', 'form filled', 'email opened', 'web page visited'])(
		'finds "%s" among the entry’s keywords',
		(word) => {
			expect(entry.codex.alias).toContain(word);
		},
	);

	it('has a keyword for every event of the trigger', () => {
		const events = trigger.properties.find((p) => p.name === 'event')?.options as Array<{
			name: string;
		}>;
		const aliases = entry.codex.alias.map((alias) => alias.toLowerCase());
		const missing = events
			.map((event) => event.name.toLowerCase())
			.filter((name) => !aliases.some((alias) => name.includes(alias)));
		expect(missing).toEqual([]);
	});
});
