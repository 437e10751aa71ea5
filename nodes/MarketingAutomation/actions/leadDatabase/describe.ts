import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { simplifyField } from '../../../shared/descriptions';
import { concurrentReads } from '../batches';
import { objectFields } from './fields';
import { describeObject, itemObjectPath, type ObjectKind } from './objects';

/** A describe's fields as a model or a mapping needs them: name, label, type and writability. */
export function simplifyDescribe(describe: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const key of ['name', 'displayName', 'idField', 'dedupeFields', 'searchableFields']) {
		if (describe[key] !== undefined) out[key] = describe[key];
	}
	const fields = Array.isArray(describe.fields) ? (describe.fields as IDataObject[]) : [];
	out.fields = fields.map((field) => {
		const short: IDataObject = {
			name: field.name,
			displayName: field.displayName,
			dataType: field.dataType,
		};
		if (field.updateable !== undefined) short.updateable = field.updateable;
		return short;
	});
	return out;
}

/** Describe of a lead-database object (`GET <object>/describe.json`): keys, searchable fields, fields. */
export function describeOperation(kind: ObjectKind) {
	async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
		const describe = (await describeObject(
			this,
			itemObjectPath(this, kind, itemIndex),
			itemIndex,
		)) as unknown as IDataObject;
		return this.getNodeParameter('simplify', itemIndex, true)
			? simplifyDescribe(describe)
			: { ...describe };
	}

	return { fields: [...objectFields(kind), simplifyField], runBatch: concurrentReads(execute) };
}
