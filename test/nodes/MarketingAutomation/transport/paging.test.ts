import { chunk } from '../../../../nodes/MarketingAutomation/transport/paging';

describe('chunk', () => {
	it('splits into fixed-size slices', () => {
		expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
		expect(chunk([], 300)).toEqual([]);
	});
});
