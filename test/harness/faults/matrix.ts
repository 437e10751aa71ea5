/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test tooling, never shipped */
/* The fault matrix: each fault test file adds one row per (call, fault) cell and writes its node's
   section of test/harness/faults/matrix.md (and prints it) when the file ends. The content depends only on
   what the node did, never on timing, so the file is stable from run to run. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type CallClass =
	| 'read'
	| 'idempotent write'
	| 'non-idempotent write'
	| 'credit-spending lookup'
	| 'token renewal';

export interface MatrixRow {
	call: string;
	class: CallClass;
	fault: string;
	/** How often the service executed the faulted item's call (from the simulator's state). */
	executed: number;
	/** Output items with their pairing, against input items (Continue On Fail). */
	itemsOut: number;
	itemsIn: number;
	/** Records or triggers written more than once for one item (0 is the only good value). */
	writtenTwice: number;
	/** Credits charged for the faulted item (lookups only). */
	credits?: number;
	/** What the user sees for the faulted item: its output or its error message. */
	seen: string;
	/** `ok`, or what falls short of DESIGN.md's rule for ambiguous failures. */
	verdict: string;
}

export const MATRIX_FILE = join(__dirname, 'matrix.md');

/** Text in a table cell: pipes escaped, line breaks and other control characters made visible. */
const cell = (text: string) =>
	Array.from(text.replace(/\|/g, '\\|'), (char) => {
		const code = char.charCodeAt(0);
		if (char === '\n') return '\\n';
		if (char === '\r') return '\\r';
		return code < 0x20 || code === 0x7f ? `\\u${code.toString(16).padStart(4, '0')}` : char;
	}).join('');

export function matrixTable(rows: MatrixRow[]): string {
	const lines = [
		'| Call | Class | Fault | Service ran it | Items out / in | Written twice | Credits | The user sees | Verdict |',
		'| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
	];
	for (const row of rows) {
		lines.push(
			`| ${cell(row.call)} | ${row.class} | ${row.fault} | ${row.executed} | ${row.itemsOut} / ${row.itemsIn} | ${row.writtenTwice} | ${row.credits ?? '-'} | ${cell(row.seen)} | ${cell(row.verdict)} |`,
		);
	}
	return lines.join('\n');
}

/** The verdict in a few words, for the grid. */
function short(verdict: string): string {
	if (verdict === 'ok') return 'ok';
	if (verdict.includes('written twice')) return '**written twice**';
	if (verdict.includes('replayed')) return '**replayed**';
	if (verdict.includes('passes as success')) return 'broken answer passes as success';
	if (verdict.includes('may have run')) return 'fails; message does not say it may have run';
	if (verdict.includes('"not executed"')) return 'fails, not retried';
	if (verdict.startsWith('SHORTFALL')) return 'poll fails; next poll catches up';
	if (verdict.includes('not retried')) return 'fails, not retried';
	return verdict;
}

/** One line per call, one column per fault: the verdict of each cell in a few words. */
export function matrixGrid(rows: MatrixRow[]): string {
	const faults = [...new Set(rows.map((row) => row.fault))];
	const calls = [...new Set(rows.map((row) => row.call))];
	const lines = [
		`| Call | Class | ${faults.join(' | ')} |`,
		`| --- | --- | ${faults.map(() => '---').join(' | ')} |`,
	];
	for (const call of calls) {
		const of = rows.filter((row) => row.call === call);
		const cells = faults.map((fault) => {
			const row = of.find((r) => r.fault === fault);
			return row ? short(row.verdict) : '-';
		});
		lines.push(`| ${cell(call)} | ${of[0].class} | ${cells.join(' | ')} |`);
	}
	return lines.join('\n');
}

/** Collects a node's rows; call `write()` in `afterAll`. */
export function faultMatrix(node: string) {
	const rows: MatrixRow[] = [];
	const observed: Record<string, string> = {};
	const observeTo = process.env.FAULTS_OBSERVED;
	return {
		rows,
		/**
		 * FAULTS_OBSERVED=<file>: the cells' texts are written to the file instead of being compared
		 * with the expected ones (to review and take over the effect of a node change).
		 */
		observing: Boolean(observeTo),
		observe(key: string, seen: string) {
			observed[key] = seen;
		},
		add(row: MatrixRow) {
			rows.push(row);
		},
		/** Replaces the node's section of matrix.md and prints it. */
		write() {
			// Calls in name order, faults in the order the file runs them.
			const sorted = [...rows].sort((a, b) => a.call.localeCompare(b.call));
			const section = [
				`<!-- ${node} -->`,
				`### ${node}`,
				'',
				'Items lost and records written twice: 0 in every cell (asserted).',
				'',
				matrixGrid(sorted),
				'',
				matrixTable(sorted),
				`<!-- /${node} -->`,
			].join('\n');
			const current = existsSync(MATRIX_FILE)
				? readFileSync(MATRIX_FILE, 'utf8')
				: '# Fault matrix\n\nWritten by `npx jest faults`; one section per node.\n';
			const name = node.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
			const pattern = new RegExp(`<!-- ${name} -->[\\s\\S]*?<!-- /${name} -->`);
			const next = pattern.test(current)
				? current.replace(pattern, section)
				: `${current.trimEnd()}\n\n${section}\n`;
			writeFileSync(MATRIX_FILE, next);
			if (observeTo) writeFileSync(observeTo, `${JSON.stringify(observed, null, '\t')}\n`);
			process.stdout.write(
				`\nFault matrix: ${node}\n\n${matrixGrid(sorted)}\n\n${matrixTable(sorted)}\n\n`,
			);
		},
	};
}
