import {
	creditsOf,
	exhaustedWindow,
	retryDecision,
	sendWithRetry,
	setEnrichmentRetrySettings,
	type ServiceAnswer,
} from '../../../nodes/enrichment/http';
import { collectPages } from '../../../nodes/enrichment/paging';

const answer = (
	statusCode: number,
	headers: Record<string, string> = {},
	body: unknown = {},
): ServiceAnswer => ({
	statusCode,
	headers,
	body,
});
const node = {
	id: 'n',
	name: 'Node',
	type: 'x',
	typeVersion: 1,
	position: [0, 0] as [number, number],
	parameters: {},
};

describe('retry decisions from the remaining-requests headers', () => {
	beforeAll(() =>
		setEnrichmentRetrySettings({ backoff: { retries: 3, baseDelayMs: 1, maxDelayMs: 5_000 } }),
	);

	it('retries 429 with a used-up minute window, or without headers', () => {
		expect(
			retryDecision(answer(429, { 'x-minute-requests-left': '0', 'x-hourly-requests-left': '12' })),
		).toEqual({ retry: true });
		expect(retryDecision(answer(429))).toEqual({ retry: true });
	});

	it('does not retry when the hourly or daily window is used up', () => {
		expect(
			retryDecision(answer(429, { 'x-daily-requests-left': '0', 'x-minute-requests-left': '5' })),
		).toEqual({ retry: false });
		expect(retryDecision(answer(429, { 'x-hourly-requests-left': '0' }))).toEqual({ retry: false });
		expect(exhaustedWindow(answer(429, { 'x-hourly-requests-left': '0' }))).toBe('hourly');
	});

	it('waits at least retry-after (capped at the policy maximum)', () => {
		expect(retryDecision(answer(429, { 'retry-after': '2' }))).toEqual({
			retry: true,
			waitMs: 2000,
		});
		expect(retryDecision(answer(429, { 'retry-after': '120' }))).toEqual({
			retry: true,
			waitMs: 5000,
		});
		expect(retryDecision(answer(429, { 'x-ratelimit-reset': '1' }))).toEqual({
			retry: true,
			waitMs: 1000,
		});
	});

	it('retries transient 5xx, never 4xx', () => {
		expect(retryDecision(answer(503))).toEqual({ retry: true });
		expect(retryDecision(answer(402))).toEqual({ retry: false });
		expect(retryDecision(answer(400))).toEqual({ retry: false });
	});

	it('sendWithRetry returns the first good answer, or the last bad one after the retries', async () => {
		const script = [answer(429), answer(503), answer(200, {}, { ok: 1 })];
		let calls = 0;
		await expect(sendWithRetry(node, async () => script[calls++])).resolves.toEqual(
			answer(200, {}, { ok: 1 }),
		);
		expect(calls).toBe(3);

		calls = 0;
		const last = await sendWithRetry(node, async () => {
			calls++;
			return answer(429, { 'x-minute-requests-left': '0' });
		});
		expect(last.statusCode).toBe(429);
		expect(calls).toBe(4); // 1 + 3 retries

		calls = 0;
		await sendWithRetry(node, async () => {
			calls++;
			return answer(429, { 'x-daily-requests-left': '0' });
		});
		expect(calls).toBe(1);
	});
});

describe('credits reported by the services', () => {
	it('reads the header, then the body, then billing', () => {
		expect(creditsOf(answer(200, { 'x-credits-charged': '2' }))).toBe(2);
		expect(creditsOf(answer(200, {}, { creditsCharged: 1 }))).toBe(1);
		expect(creditsOf(answer(200, {}, { billing: { creditsCharged: 7 } }))).toBe(7);
		expect(creditsOf(answer(200, {}, { data: {} }))).toBeUndefined();
	});
});

describe('collectPages', () => {
	const source = Array.from({ length: 23 }, (_, n) => ({ n }));
	const pager =
		(asked: Array<[number, number, number]>) =>
		async (page: number, offset: number, size: number) => {
			asked.push([page, offset, size]);
			return { records: source.slice(offset, offset + size), total: source.length };
		};

	it('offset paging asks exactly for the remainder and stops at the limit', async () => {
		const asked: Array<[number, number, number]> = [];
		const records = await collectPages(
			{ limit: 12, maxPageSize: 5, fixedPageSize: false },
			pager(asked),
		);
		expect(records.map((r) => r.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
		expect(asked).toEqual([
			[0, 0, 5],
			[1, 5, 5],
			[2, 10, 2],
		]);
	});

	it('page-numbered paging keeps one size and slices the last page', async () => {
		const asked: Array<[number, number, number]> = [];
		const records = await collectPages(
			{ limit: 12, maxPageSize: 5, fixedPageSize: true },
			pager(asked),
		);
		expect(records).toHaveLength(12);
		expect(asked).toEqual([
			[0, 0, 5],
			[1, 5, 5],
			[2, 10, 5],
		]);
	});

	it('Return All stops at the total', async () => {
		const asked: Array<[number, number, number]> = [];
		const records = await collectPages(
			{ limit: Infinity, maxPageSize: 5, fixedPageSize: true },
			pager(asked),
		);
		expect(records).toHaveLength(23);
		expect(asked).toHaveLength(5);
	});

	it('stops on an empty page even without a total', async () => {
		let calls = 0;
		const records = await collectPages(
			{ limit: Infinity, maxPageSize: 5, fixedPageSize: true },
			async () => {
				calls++;
				return { records: calls === 1 ? [{ a: 1 }, { a: 2 }, { a: 3 }, { a: 4 }, { a: 5 }] : [] };
			},
		);
		expect(records).toHaveLength(5);
		expect(calls).toBe(2);
	});
});
