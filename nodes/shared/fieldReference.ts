import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/** `.name` or `["name"]` / `['name']` (no quotes, backslashes or braces inside the brackets). */
const SEGMENT = /\.([A-Za-z_$][\w$]*)|\[\s*(?:'([^'"\\{}]*)'|"([^'"\\{}]*)")\s*\]/y;
const WHOLE =
	/^=\{\{\s*\$json((?:\.[A-Za-z_$][\w$]*|\[\s*(?:'[^'"\\{}]*'|"[^'"\\{}]*")\s*\])+)\s*\}\}$/;

/**
 * The field path of a parameter that is one plain reference to the item's own field and nothing
 * else: `={{ $json.email }}`, `={{ $json["e-mail"] }}`, `={{ $json.contact.email }}`. Anything
 * else (text around it, a method call, another item, `$input`, …) is not plain: undefined.
 */
export function plainFieldPath(value: unknown): string[] | undefined {
	if (typeof value !== 'string') return undefined;
	const whole = WHOLE.exec(value);
	if (!whole) return undefined;
	const path: string[] = [];
	const segments = whole[1];
	SEGMENT.lastIndex = 0;
	while (SEGMENT.lastIndex < segments.length) {
		const match = SEGMENT.exec(segments);
		if (!match) return undefined;
		path.push(match[1] ?? match[2] ?? match[3]);
	}
	return path;
}

/**
 * The value at `path` of an item's JSON when it is a plain string, finite number or boolean held
 * in the item's own (not inherited) fields; otherwise undefined, and n8n's evaluator decides
 * (a missing field, null, an object or array, a date).
 */
function plainValueAt(json: unknown, path: string[]): string | number | boolean | undefined {
	let value: unknown = json;
	for (const key of path) {
		if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
		if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
		if (!Object.prototype.hasOwnProperty.call(value, key)) return undefined;
		value = (value as IDataObject)[key];
	}
	if (typeof value === 'string' || typeof value === 'boolean') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	return undefined;
}

/**
 * A per-item reader of a parameter that is one plain field reference (`{{ $json.email }}`): the
 * value is read from the item's JSON directly, without n8n's expression evaluator (which costs
 * far more than the node's own work per item). Where the value is anything but a plain string,
 * number or boolean, n8n evaluates the expression as always, so every result is n8n's own.
 * Undefined when the parameter is not such a reference.
 */
export function plainFieldReader(
	ctx: IExecuteFunctions,
	raw: unknown,
	evaluate: (itemIndex: number) => unknown,
): ((itemIndex: number) => unknown) | undefined {
	const path = plainFieldPath(raw);
	if (!path) return undefined;
	const items = ctx.getInputData();
	return (itemIndex) => plainValueAt(items[itemIndex]?.json, path) ?? evaluate(itemIndex);
}
