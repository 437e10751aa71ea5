/** A field's label, with its API name in brackets only where that says more ("Id", not "Id (id)"). */
export function fieldLabel(name: string, displayName?: string): string {
	if (!displayName || displayName.toLowerCase() === name.toLowerCase()) return displayName || name;
	return `${displayName} (${name})`;
}
