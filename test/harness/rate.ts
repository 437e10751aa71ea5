/** The most of `times` (ms) that fall within any one second (a sliding second). */
export function peakPerSecond(times: number[]): number {
	const sorted = [...times].sort((a, b) => a - b);
	let peak = 0;
	let from = 0;
	for (let to = 0; to < sorted.length; to++) {
		while (sorted[to] - sorted[from] >= 1000) from++;
		peak = Math.max(peak, to - from + 1);
	}
	return peak;
}
