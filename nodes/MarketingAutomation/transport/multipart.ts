import { randomBytes } from 'crypto';

/** One file sent as `multipart/form-data` (the bulk import's `file` part). */
export interface MultipartFile {
	/** The part's file name; the service accepts any, it shows in the job's admin view. */
	fileName: string;
	/** `text/csv`, `text/tab-separated-values` or `text/plain` (semicolon-separated). */
	contentType: string;
	content: Buffer;
	/** Form fields sent before the file (the service also reads its parameters from the query). */
	fields?: Record<string, string>;
}

const CRLF = '\r\n';

/** Quotes in a header parameter would end it early; the file names we build never have any. */
const headerValue = (value: string) => value.replace(/["\r\n]/g, '_');

/**
 * The request body and its Content-Type: each field as a part, then the file part named `file`.
 * The file's bytes are copied once into the body (at most the service's 10 MB).
 */
export function multipartBody(file: MultipartFile): { body: Buffer; contentType: string } {
	const boundary = `----n8nBulk${randomBytes(12).toString('hex')}`;
	const head: string[] = [];
	for (const [name, value] of Object.entries(file.fields ?? {})) {
		head.push(
			`--${boundary}${CRLF}Content-Disposition: form-data; name="${headerValue(name)}"${CRLF}${CRLF}${value}${CRLF}`,
		);
	}
	head.push(
		`--${boundary}${CRLF}Content-Disposition: form-data; name="file"; filename="${headerValue(file.fileName)}"${CRLF}Content-Type: ${file.contentType}${CRLF}${CRLF}`,
	);
	const body = Buffer.concat([
		Buffer.from(head.join(''), 'utf8'),
		file.content,
		Buffer.from(`${CRLF}--${boundary}--${CRLF}`, 'utf8'),
	]);
	return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
