/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test of the documentation, never shipped */
/**
 * The page on finding a bulk job after a crashed worker (issue 37) exists, is linked from the
 * README and the pages a user reads when it happens, and names only operations the node has.
 */
import fs from 'node:fs';
import path from 'node:path';

import { MarketingAutomation } from '../nodes/MarketingAutomation/MarketingAutomation.node';

const ROOT = path.resolve(__dirname, '..');
const PAGE = 'docs/bulk-job-recovery.md';
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('docs: after a crashed worker, finding a bulk job', () => {
	it('exists and says how to find the job, tell whether it finished, and resume', () => {
		const page = read(PAGE);
		expect(page).toMatch(/^# After a crashed worker: finding a bulk job$/m);
		for (const heading of [
			'## What the service lets you search by',
			'## Bulk import: find the job and tell whether it finished',
			'## Bulk import: resume',
			'## Bulk extract: find the job and resume',
		]) {
			expect(page).toContain(`\n${heading}\n`);
		}
	});

	it.each([
		['README.md', 'docs/bulk-job-recovery.md'],
		['docs/queue-mode.md', 'bulk-job-recovery.md'],
		['docs/marketing-bulk-jobs.md', 'bulk-job-recovery.md'],
	])('is linked from %s', (file, target) => {
		expect(read(file)).toContain(`](${target})`);
	});

	it('names only operations that the Marketing Automation node has', () => {
		const page = read(PAGE);
		const named = [...page.matchAll(/([A-Z][A-Za-z ]+) → \*\*([A-Z][A-Za-z ]+)\*\*/g)].map(
			([, resource, operation]) => `${resource.trim()} → ${operation}`,
		);
		expect(named.length).toBeGreaterThanOrEqual(6);
		const { properties } = new MarketingAutomation().description;
		const resources = properties
			.filter((property) => property.name === 'resource')
			.flatMap((property) => (property.options ?? []) as Array<{ name: string; value: string }>);
		for (const entry of named) {
			const [resourceName, operationName] = entry.split(' → ');
			const resource = resources.find((option) => option.name === resourceName);
			expect({ entry, resource: resource?.value }).toEqual({ entry, resource: expect.any(String) });
			const operations = properties
				.filter(
					(property) =>
						property.name === 'operation' &&
						property.displayOptions?.show?.resource?.includes(resource!.value),
				)
				.flatMap((property) => (property.options ?? []) as Array<{ name: string }>)
				.map((option) => option.name);
			expect({ entry, operations }).toEqual({
				entry,
				operations: expect.arrayContaining([operationName]),
			});
		}
	});
});
