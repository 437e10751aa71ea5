import type { INodePropertyOptions } from 'n8n-workflow';

/** A field's label, with its API name in brackets only where that says more ("Id", not "Id (id)"). */
export function fieldLabel(name: string, displayName?: string): string {
	if (!displayName || displayName.toLowerCase() === name.toLowerCase()) return displayName || name;
	return `${displayName} (${name})`;
}

/** A describe's single-field searchable keys as options, labelled with the fields' names. */
export function searchableOptions(describe: {
	searchableFields?: string[][];
	fields?: Array<{ name?: string; displayName?: string }>;
}): Array<{ name: string; value: string }> {
	const labels = new Map((describe.fields ?? []).map((f) => [f.name, f.displayName]));
	return (
		(describe.searchableFields ?? [])
			// `cookies` is searchable but no lead field (its values never come back to match): not offered.
			.filter((key) => Array.isArray(key) && key.length === 1 && labels.has(key[0]))
			.map(([name]) => ({ name: fieldLabel(name, labels.get(name)), value: name }))
	);
}

export const byName = (a: INodePropertyOptions, b: INodePropertyOptions) =>
	a.name.localeCompare(b.name);

/** A describe's fields as options by API name, labelled, with `describe`'s text, sorted by label. */
export function fieldOptions<F extends { name?: string; displayName?: string }>(
	fields: F[],
	describe: (field: F) => string | undefined,
): INodePropertyOptions[] {
	return fields
		.filter((field) => field.name)
		.map((field) => ({
			name: fieldLabel(String(field.name), field.displayName),
			value: String(field.name),
			description: describe(field),
		}))
		.sort(byName);
}
