/**
 * CSV, TSV and SSV as the bulk API reads and writes them: a header of field names, RFC 4180
 * quoting (a cell with the delimiter, a quote or a line break is quoted, quotes doubled).
 */

export type BulkFormat = 'csv' | 'tsv' | 'ssv';

/** Import files: "SSV" is semicolon-separated (the import docs). */
export const DELIMITERS: Record<BulkFormat, string> = { csv: ',', tsv: '\t', ssv: ';' };

export const MIME_TYPES: Record<BulkFormat, string> = {
	csv: 'text/csv',
	tsv: 'text/tab-separated-values',
	ssv: 'text/plain',
};

const QUOTE = 0x22;
const NEWLINE = 0x0a;

/** One cell of an import file; nothing for an empty value (the service leaves the field as is). */
function formatCell(value: unknown, delimiter: string): string {
	if (value === undefined || value === null) return '';
	const raw = typeof value === 'object' ? JSON.stringify(value) : String(value);
	return raw.includes(delimiter) || /["\r\n]/.test(raw) ? `"${raw.replace(/"/g, '""')}"` : raw;
}

export function formatRow(values: unknown[], delimiter: string): string {
	return `${values.map((value) => formatCell(value, delimiter)).join(delimiter)}\n`;
}

/** Whether a line holds only white space (tab to carriage return, space, and Latin-1's 0xA0). */
function isBlank(line: Buffer): boolean {
	for (const byte of line) {
		if (byte !== 0x20 && byte !== 0xa0 && (byte < 0x09 || byte > 0x0d)) return false;
	}
	return true;
}

/** One file cut from a larger one: the header and whole rows, at most `limit` bytes. */
export interface FilePart {
	content: Buffer;
	/** Rows in this part (the header not counted) and the number of the first (1 = first row). */
	rows: number;
	firstRow: number;
}

/**
 * Cuts a delimited file, read in chunks, into parts of at most `limit` bytes that each start with
 * the header and end on a row boundary (a line break outside quotes). Works on bytes: the text is
 * never decoded, and each part is copied once. Empty lines are dropped.
 */
export class FileCutter {
	private header?: Buffer;
	private carry: Buffer = Buffer.alloc(0);
	private rows: Buffer[] = [];
	private bytes = 0;
	private rowCount = 0;
	private nextRow = 1;
	private inQuotes = false;
	/** Where the carry's scan stopped (bytes before it hold no row end). */
	private scanned = 0;

	/**
	 * @param limit most bytes of a part (header included)
	 * @param emit called with each part, awaited before the cutting goes on
	 * @param maxRowBytes most bytes of rows (header not counted) of a part: to share the rows
	 * evenly among parts
	 */
	constructor(
		private readonly limit: number,
		private readonly emit: (part: FilePart) => Promise<void>,
		private readonly maxRowBytes = Infinity,
	) {}

	async push(chunk: Buffer): Promise<void> {
		const data = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
		let start = 0;
		for (let i = this.scanned; i < data.length; i++) {
			const byte = data[i];
			if (byte === QUOTE) this.inQuotes = !this.inQuotes;
			else if (byte === NEWLINE && !this.inQuotes) {
				await this.addRow(data.subarray(start, i + 1));
				start = i + 1;
			}
		}
		// Copy the unfinished row, so the chunk it came from can be freed.
		this.carry = Buffer.from(data.subarray(start));
		this.scanned = this.carry.length;
	}

	async end(): Promise<void> {
		if (this.carry.length > 0) {
			const last = Buffer.concat([this.carry, Buffer.from('\n')]);
			this.carry = Buffer.alloc(0);
			this.scanned = 0;
			await this.addRow(last);
		}
		await this.flush();
	}

	private async addRow(row: Buffer): Promise<void> {
		if (isBlank(row)) return;
		if (!this.header) {
			// A UTF-8 byte order mark (n8n's Convert to File writes one) is not part of the first name.
			const bom = row[0] === 0xef && row[1] === 0xbb && row[2] === 0xbf ? 3 : 0;
			this.header = Buffer.from(row.subarray(bom));
			return;
		}
		if (this.header.length + row.length > this.limit) {
			throw new RangeError(
				`Row ${this.nextRow + this.rowCount} alone is ${row.length} bytes, over the ${this.limit}-byte file limit`,
			);
		}
		if (
			this.header.length + this.bytes + row.length > this.limit ||
			this.bytes + row.length > this.maxRowBytes
		) {
			await this.flush();
		}
		this.rows.push(row);
		this.bytes += row.length;
		this.rowCount++;
	}

	private async flush(): Promise<void> {
		if (!this.header || this.rowCount === 0) return;
		const content = Buffer.concat([this.header, ...this.rows]);
		const part = { content, rows: this.rowCount, firstRow: this.nextRow };
		this.nextRow += this.rowCount;
		this.rows = [];
		this.bytes = 0;
		this.rowCount = 0;
		await this.emit(part);
	}
}

/**
 * Reads delimited text given in chunks (bytes, UTF-8), row by row: quoted cells may hold the
 * delimiter, quotes and line breaks, and may span chunks. Only the current row is kept.
 */
export class RowReader {
	private decoder = new TextDecoder('utf-8');
	private row: string[] = [];
	private value = '';
	private quoted = false;
	/** The last character was a closing quote or a `\r`, which the next chunk may complete. */
	private pendingQuote = false;
	private pendingReturn = false;
	private started = false;

	constructor(
		private readonly delimiter: string,
		private readonly onRow: (row: string[]) => void,
	) {}

	push(chunk: Buffer): void {
		this.read(this.decoder.decode(chunk, { stream: true }));
	}

	end(): void {
		this.read(this.decoder.decode());
		if (this.pendingQuote) this.quoted = false;
		if (this.started || this.value !== '' || this.row.length > 0) this.endRow();
	}

	private endRow() {
		this.row.push(this.value);
		this.value = '';
		const row = this.row;
		this.row = [];
		this.started = false;
		if (!(row.length === 1 && row[0] === '')) this.onRow(row);
	}

	private read(text: string): void {
		for (let i = 0; i < text.length; i++) {
			const c = text[i];
			if (this.pendingReturn) {
				this.pendingReturn = false;
				if (c === '\n') continue;
			}
			if (this.pendingQuote) {
				this.pendingQuote = false;
				if (c === '"') {
					this.value += '"';
					continue;
				}
				this.quoted = false;
			}
			if (this.quoted) {
				if (c === '"') this.pendingQuote = true;
				else this.value += c;
				continue;
			}
			if (c === '"' && this.value === '') {
				this.quoted = true;
				this.started = true;
			} else if (c === this.delimiter) {
				this.row.push(this.value);
				this.value = '';
				this.started = true;
			} else if (c === '\n' || c === '\r') {
				if (c === '\r') this.pendingReturn = true;
				this.endRow();
			} else {
				this.value += c;
				this.started = true;
			}
		}
	}
}
