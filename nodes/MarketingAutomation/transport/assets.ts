import type { IDataObject } from 'n8n-workflow';

/** A field of an asset write: text, or an object the service reads as JSON inside the form. */
type AssetFormValue = string | number | boolean | IDataObject | object | null | undefined;

/**
 * The request part of an asset write (`POST /rest/asset/v1/…`): the service takes
 * `application/x-www-form-urlencoded` fields, some of them JSON (`folder={"id":15,"type":"Folder"}`,
 * `costs`, `tags`), and reads a JSON body as blank fields. Objects are JSON-encoded here, once;
 * text stays as it is and absent fields are left out.
 */
export function assetForm(fields: Record<string, AssetFormValue>): {
	method: 'POST';
	form: true;
	body: Record<string, string>;
} {
	const body: Record<string, string> = {};
	for (const [name, value] of Object.entries(fields)) {
		if (value === undefined || value === null) continue;
		body[name] = typeof value === 'object' ? JSON.stringify(value) : String(value);
	}
	return { method: 'POST', form: true, body };
}
