const ECHO_LIMIT = 100;

/** C0 and C1 control characters (line breaks, tabs, NUL, …). */
export function isControl(char: string): boolean {
	const code = char.charCodeAt(0);
	return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

const NAMED_CONTROLS: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Control characters made visible (`\r`, `\n`, `\u0000`), so echoed input cannot forge lines. */
export function visibleControls(value: string): string {
	return Array.from(value, (char) =>
		isControl(char)
			? (NAMED_CONTROLS[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
			: char,
	).join('');
}

/**
 * Input as every node echoes it in a message: control characters made visible, and a long value
 * cut to its first `limit` characters (100 by default) plus its length.
 */
export function echo(value: string, limit = ECHO_LIMIT): string {
	const visible = visibleControls(value);
	return value.length > limit
		? `${visible.slice(0, limit)}… (${value.length} characters)`
		: visible;
}

/**
 * The most of a service's own message that an error keeps: far above any refusal the services
 * write (a sentence or two), so only a huge body is cut, and then it says so.
 */
export const SERVICE_MESSAGE_LIMIT = 1000;
