import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRead } from '../../transport';
import { shorten } from '../parameters';
import { itemParameter } from '../../../shared/itemParameters';

/**
 * The lead-database objects that share the service's one pattern (describe, query by
 * `filterType`/`filterValues`, sync with `action`/`dedupeBy`, delete with `deleteBy`, 300 records
 * per call): what differs between them is written here once, the verbs are in `./sync`, `./query`,
 * `./remove` and `./describe`.
 */
export type ObjectResource =
	| 'company'
	| 'opportunity'
	| 'opportunityRole'
	| 'customObject'
	| 'namedAccount';

/** An object's keys: its ID field and its dedupe fields (one, or several for a compound key). */
export interface ObjectKeys {
	idField: string;
	dedupeFields: string[];
}

/** The describe answer (`result[0]`) of a lead-database object. */
export interface ObjectDescribe extends ObjectKeys {
	name?: string;
	searchableFields?: string[][];
	fields?: Array<{
		name?: string;
		displayName?: string;
		dataType?: string;
		length?: number;
		updateable?: boolean;
	}>;
	relationships?: IDataObject[];
}

export interface ObjectKind {
	resource: ObjectResource;
	/** Words for messages and action texts: "company" / "companies". */
	singular: string;
	plural: string;
	/** The path from the instance root without `.json`; a custom object's names its type. */
	path?: string;
	/** Known keys (standard objects); a custom object's keys come from its describe. */
	keys?: ObjectKeys;
	/** What the service says when the instance syncs this object with a CRM natively (1018). */
	crmNote: string;
	/**
	 * Placeholders of this object's own keys: one record's key (Delete) and the values Get Many
	 * looks up by its default filter, so no object shows another object's IDs.
	 */
	examples: { key: string; values: string };
}

export const OBJECT_KINDS: Record<ObjectResource, ObjectKind> = {
	company: {
		resource: 'company',
		singular: 'company',
		plural: 'companies',
		path: '/rest/v1/companies',
		keys: { idField: 'id', dedupeFields: ['externalCompanyId'] },
		crmNote:
			'Companies are read-only while the instance syncs with a CRM natively (1018): change them in the CRM, which syncs them here.',
		examples: { key: 'e.g. C-1001', values: 'e.g. C-1001, C-1002' },
	},
	opportunity: {
		resource: 'opportunity',
		singular: 'opportunity',
		plural: 'opportunities',
		path: '/rest/v1/opportunities',
		keys: { idField: 'marketoGUID', dedupeFields: ['externalOpportunityId'] },
		crmNote:
			'Opportunities are read-only while the instance syncs with a CRM natively (1018): change them in the CRM, which syncs them here.',
		examples: { key: 'e.g. O-1001', values: 'e.g. O-1001, O-1002' },
	},
	opportunityRole: {
		resource: 'opportunityRole',
		singular: 'opportunity role',
		plural: 'opportunity roles',
		path: '/rest/v1/opportunities/roles',
		keys: { idField: 'marketoGUID', dedupeFields: ['externalOpportunityId', 'leadId', 'role'] },
		crmNote:
			'Opportunity roles exist only on instances without a native CRM sync (1018): on a CRM-synced instance, keep roles in the CRM.',
		examples: {
			key: 'e.g. {"externalOpportunityId": "O-1001", "leadId": 1001, "role": "Buyer"}',
			values: "e.g. O-1001, O-1002 (the opportunities' external IDs)",
		},
	},
	namedAccount: {
		resource: 'namedAccount',
		singular: 'named account',
		plural: 'named accounts',
		path: '/rest/v1/namedaccounts',
		keys: { idField: 'marketoGUID', dedupeFields: ['name'] },
		crmNote:
			'Named accounts are read-only here (1018) while a CRM sync manages them: change them in the CRM, which syncs them here.',
		examples: { key: 'e.g. Acme Corporation', values: 'e.g. Acme Corporation, Globex' },
	},
	customObject: {
		resource: 'customObject',
		singular: 'custom object record',
		plural: 'custom object records',
		crmNote:
			'This custom object is read-only here (1018): it is managed by the CRM sync; change it in the CRM.',
		examples: {
			key: 'e.g. 1HGCM82633A004352',
			values: 'e.g. 1HGCM82633A004352, 2T1BURHE0JC043821',
		},
	},
};

/**
 * A whole call refused with 1018 ("CRM Enabled"): the instance syncs this object with a CRM
 * natively, so it cannot be written here (the same cause as a record skipped with 1018).
 */
export function crmRefusal(kind: ObjectKind) {
	return {
		'1018': {
			message: `The service refused to change ${kind.plural} (1018 CRM Enabled): the instance syncs them with a CRM natively`,
			fix: kind.crmNote,
		},
	};
}

/** The Filter Type value of a compound dedupe key (the service's own pseudo filter type). */
export const COMPOUND_FILTER = 'dedupeFields';
/** The parameter holding a custom object's API name (its picker lists the instance's types). */
export const CUSTOM_OBJECT_PARAMETER = 'customObject';

/** A custom object's API name as the service writes it in paths (letters, digits, `_`). */
function customObjectName(
	ctx: IExecuteFunctions,
	itemIndex: number,
	raw: unknown = itemParameter<unknown>(ctx, CUSTOM_OBJECT_PARAMETER, itemIndex, ''),
): string {
	const name = String(raw ?? '').trim();
	if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The custom object ${shorten(name)} of item ${itemIndex} is not a custom object's API name`,
			{
				itemIndex,
				description:
					'Pick the custom object from the list (it shows the types of the instance), or give its API name, e.g. car_c.',
			},
		);
	}
	return name;
}

/** The object's path from the instance root without `.json`. */
export const objectPath = (kind: ObjectKind, customObject?: string) =>
	kind.path ?? `/rest/v1/customobjects/${customObject}`;

/** An item's object path: a custom object's names the item's type. */
export const itemObjectPath = (ctx: IExecuteFunctions, kind: ObjectKind, itemIndex: number) =>
	kind.path ?? objectPath(kind, customObjectName(ctx, itemIndex));

type Reader = IExecuteFunctions | ILoadOptionsFunctions;
const describes = new WeakMap<object, Map<string, Promise<ObjectDescribe>>>();

/** `GET …/describe.json`, once per execution (or editor request) and path. */
export async function describeObject(
	ctx: Reader,
	path: string,
	itemIndex?: number,
): Promise<ObjectDescribe> {
	let cache = describes.get(ctx);
	if (!cache) describes.set(ctx, (cache = new Map()));
	let answer = cache.get(path);
	if (!answer) {
		answer = (async () => {
			const envelope = await apiRead.call(ctx, `${path}/describe.json`, { itemIndex });
			const first = (envelope.result?.[0] ?? {}) as IDataObject;
			return {
				...first,
				idField: String(first.idField ?? 'marketoGUID'),
				dedupeFields: Array.isArray(first.dedupeFields) ? first.dedupeFields.map(String) : [],
			} as ObjectDescribe;
		})();
		cache.set(path, answer);
		answer.catch(() => cache.delete(path));
	}
	return await answer;
}

/** The object's keys: known for the standard objects, from the describe for a custom object. */
export async function keysOf(
	ctx: Reader,
	kind: ObjectKind,
	path: string,
	itemIndex?: number,
): Promise<ObjectKeys> {
	return kind.keys ?? (await describeObject(ctx, path, itemIndex));
}

/** A key's label for messages: `externalCompanyId`, or `externalOpportunityId + leadId + role`. */
export const keyLabel = (fields: string[]) => fields.join(' + ');
