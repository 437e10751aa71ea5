import type { ImportJob } from '../../../../../nodes/MarketingAutomation/helpers/importJobs';
import { finishTimes } from '../../../../../nodes/MarketingAutomation/helpers/importPolling';

const job = (batchId: number, rows: number, seen: Partial<ImportJob> = {}): ImportJob => ({
	batchId,
	fileName: `leads-${batchId}.csv`,
	rows,
	firstRow: 1,
	itemIndex: 0,
	submittedAt: 0,
	...seen,
});

describe('Marketing Automation bulk import: when the polls expect jobs to finish', () => {
	it('expects nothing before a job has been seen finished', () => {
		expect(finishTimes([job(1, 100), job(2, 100)])).toEqual([]);
	});

	it('learns the pace from a finished job and runs the others 2 at a time, in order', () => {
		// Job 1 was open at 50 ms and done at 150 ms: taken to end at 100 ms, 1 ms per row.
		const jobs = [
			job(1, 100, { openAt: 50, finishedBy: 150 }),
			job(2, 100),
			job(3, 100),
			job(4, 50),
		];
		// Job 2 runs beside job 1 from 0; job 3 starts when job 1 ends, job 4 when job 2 ends.
		expect(finishTimes(jobs)).toEqual([100, 100, 200, 150]);
	});

	it('learns the pace only from jobs seen running when there are some', () => {
		// Job 1 was seen running at 50 and done by 150 (ends at 100: 1 ms per row); job 2, read in
		// the same round, was never seen running: it may have ended any time since 0, so its middle
		// (75) would make the pace look faster than it is. It still frees its slot at 75.
		const jobs = [
			job(1, 100, { openAt: 50, finishedBy: 150 }),
			job(2, 100, { finishedBy: 150 }),
			job(3, 100),
		];
		expect(finishTimes(jobs)).toEqual([100, 75, 175]);
	});

	it('starts a job no earlier than its upload', () => {
		const jobs = [job(1, 100, { finishedBy: 100 }), job(2, 100, { submittedAt: 500 })];
		// Job 1 done by 100 (never seen open): taken to end at 50, 0.5 ms per row.
		expect(finishTimes(jobs)).toEqual([50, 550]);
	});
});
