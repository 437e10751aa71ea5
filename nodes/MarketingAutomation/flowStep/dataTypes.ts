import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * The provider interface's data types (1.0.0, `fieldType`) and the rules a value of each must
 * follow in a callback (its ReadMe, "Data Types"): a string or URL up to 255 bytes, a text up to
 * 2,000 bytes, a signed 32-bit integer, a date as `YYYY-MM-DD`, a datetime in ISO 8601, a score
 * as a number or a relative change (`+5`, `-5`).
 */
export const DATA_TYPES = [
	'boolean',
	'date',
	'datetime',
	'email',
	'float',
	'integer',
	'score',
	'string',
	'text',
	'url',
] as const;
export type DataType = (typeof DATA_TYPES)[number];

const LABELS: Record<DataType, string> = {
	boolean: 'Boolean',
	date: 'Date',
	datetime: 'Date and Time',
	email: 'Email',
	float: 'Float',
	integer: 'Integer',
	score: 'Score',
	string: 'String (up to 255 Bytes)',
	text: 'Text (up to 2,000 Bytes)',
	url: 'URL',
};

export const dataTypeOptions: INodePropertyOptions[] = DATA_TYPES.map((value) => ({
	name: LABELS[value],
	value,
})).sort((a, b) => a.name.localeCompare(b.name));

export const MAX_STRING_BYTES = 255;
export const MAX_TEXT_BYTES = 2000;
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

const bytes = (value: string) => new TextEncoder().encode(value).length;

/**
 * The value as the callback sends it, or why it cannot be sent. `null` and `''` pass as they are
 * (the service leaves the field alone for a JSON null; the text "null" clears it).
 */
export function checkValue(
	type: DataType,
	value: unknown,
): { value: unknown } | { problem: string } {
	if (value === null || value === undefined || value === '') return { value: value ?? null };
	const asText = typeof value === 'string' ? value : String(value);
	switch (type) {
		case 'boolean':
			if (typeof value === 'boolean') return { value };
			if (asText === 'true' || asText === 'false') return { value: asText === 'true' };
			return { problem: 'is not true or false' };
		case 'integer': {
			const number = Number(asText);
			if (!Number.isInteger(number) || typeof value === 'object')
				return { problem: 'is not a whole number' };
			if (number < INT_MIN || number > INT_MAX)
				return { problem: 'is outside the 32-bit integer range' };
			return { value: number };
		}
		case 'float': {
			const number = Number(asText);
			if (!Number.isFinite(number) || typeof value === 'object')
				return { problem: 'is not a number' };
			return { value: number };
		}
		case 'score':
			if (typeof value === 'number' && Number.isInteger(value)) return { value };
			if (/^[+-]?\d{1,10}$/.test(asText)) return { value: asText };
			return { problem: 'is not a score (a whole number, or a change such as +5 or -5)' };
		case 'date':
			if (/^\d{4}-\d{2}-\d{2}$/.test(asText) && !Number.isNaN(Date.parse(asText)))
				return { value: asText };
			return { problem: 'is not a date as YYYY-MM-DD' };
		case 'datetime':
			if (
				/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(asText) &&
				!Number.isNaN(Date.parse(asText))
			)
				return { value: asText };
			return { problem: 'is not an ISO 8601 date and time (e.g. 2026-12-01T09:30:00Z)' };
		case 'email':
			if (typeof value !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
				return { problem: 'is not an e-mail address' };
			if (bytes(value) > MAX_STRING_BYTES)
				return { problem: `is longer than ${MAX_STRING_BYTES} bytes` };
			return { value };
		case 'url':
			if (typeof value !== 'string' || !/^https?:\/\/\S+$/i.test(value))
				return { problem: 'is not an http(s) URL' };
			if (bytes(value) > MAX_STRING_BYTES)
				return { problem: `is longer than ${MAX_STRING_BYTES} bytes` };
			return { value };
		case 'text':
			if (typeof value === 'object') return { problem: 'is not text' };
			if (bytes(asText) > MAX_TEXT_BYTES)
				return {
					problem: `is ${bytes(asText)} bytes, more than the ${MAX_TEXT_BYTES} a text holds`,
				};
			return { value: asText };
		default:
			if (typeof value === 'object') return { problem: 'is not text' };
			if (bytes(asText) > MAX_STRING_BYTES)
				return {
					problem: `is ${bytes(asText)} bytes, more than the ${MAX_STRING_BYTES} a string holds (use the Text type for up to ${MAX_TEXT_BYTES})`,
				};
			return { value: asText };
	}
}

/** Names the callback keeps for itself (per-lead outcome). */
export const RESERVED_NAMES = ['success', 'reason', 'errorCode'];
