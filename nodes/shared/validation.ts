/** Input checks unrelated nodes share; each runs before any HTTP call. */

// Practical address syntax: one @, a dot-separated domain with a 2+ letter TLD, no spaces.
const EMAIL_PATTERN =
	/^[^\s@"(),:;<>[\\\]]+@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function isValidEmail(value: string): boolean {
	return value.length <= 254 && EMAIL_PATTERN.test(value) && !value.includes('..');
}
