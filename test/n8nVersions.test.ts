import { compareVersions, stableVersions } from '../scripts/n8nVersions';

describe('the n8n versions the tests choose from', () => {
	it('orders release numbers by their parts, not as text', () => {
		expect(compareVersions('2.41.3', '2.41.10')).toBe(-1);
		expect(compareVersions('2.100.0', '2.41.3')).toBe(1);
		expect(compareVersions('2.41.1', '2.41.1')).toBe(0);
	});

	it('keeps stable releases, oldest first, from a list or a single answer', () => {
		const answer = JSON.stringify(['2.40.7', '2.41.3', '2.41.0', '2.42.0-rc.1', '2.41.1']);
		expect(stableVersions(answer)).toEqual(['2.40.7', '2.41.0', '2.41.1', '2.41.3']);
		expect(stableVersions('"2.41.3"')).toEqual(['2.41.3']);
	});
});
