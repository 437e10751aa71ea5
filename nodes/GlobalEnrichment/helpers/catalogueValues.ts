/**
 * The values of the pickers whose catalogue entries are objects (ranges, locations): how a picker
 * writes an entry as one option value, and how the search reads it back into the filter the
 * service takes. One place, so the two never disagree.
 */
import type { IDataObject } from 'n8n-workflow';

/** A size or revenue range as the search takes it (`V3Range`). */
interface Range {
	min: number;
	max?: number;
}

const wholeNumber = (value: unknown): value is number =>
	typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** `{ min: 51, max: 200 }` → `51-200`; `{ min: 10001 }` → `10001+` (the form Company Size uses). */
export function rangeValue(entry: IDataObject): string | undefined {
	const { min, max } = entry;
	if (!wholeNumber(min)) return undefined;
	if (max === undefined || max === null) return `${min}+`;
	return wholeNumber(max) && max >= min ? `${min}-${max}` : undefined;
}

/** What people read: `51-200` → "51 to 200", `10001+` → "10,001 or more". */
export function rangeName({ min, max }: Range): string {
	const number = (n: number) => n.toLocaleString('en-US');
	return max === undefined ? `${number(min)} or more` : `${number(min)} to ${number(max)}`;
}

/** `51-200` or `10001+` back to the range, or undefined when it is neither. */
export function readRange(value: string): Range | undefined {
	const found = /^(\d{1,15})(?:-(\d{1,15})|\+)$/.exec(value.trim());
	if (!found) return undefined;
	const min = Number(found[1]);
	if (found[2] === undefined) return { min };
	const max = Number(found[2]);
	return max >= min ? { min, max } : undefined;
}

/**
 * The fields of a location filter (`V3Location`). The catalogues answer the V2 shapes, which
 * spell the grouping `country_grouping`: it is sent as `countryGrouping`.
 */
const LOCATION_FIELDS = [
	'city',
	'state',
	'region',
	'country',
	'countryIso2',
	'continent',
	'countryGrouping',
] as const;

/** A catalogue location as the search takes it: its known text fields, in a fixed order. */
export function locationOf(entry: IDataObject): IDataObject | undefined {
	const location: IDataObject = {};
	for (const field of LOCATION_FIELDS) {
		const value =
			field === 'countryGrouping' ? (entry[field] ?? entry.country_grouping) : entry[field];
		if (typeof value === 'string' && value.trim()) location[field] = value.trim();
	}
	return Object.keys(location).length ? location : undefined;
}

/** "Sydney, New South Wales, Australia": the most precise parts first. */
export function locationName(location: IDataObject): string {
	const parts = ['city', 'state', 'region', 'country', 'continent']
		.map((field) => location[field])
		.filter((part): part is string => typeof part === 'string');
	return [...new Set(parts)].join(', ') || String(location.countryGrouping ?? '');
}

/** A picked location (the JSON its option holds) back to the filter, or undefined if it is not one. */
export function readLocation(value: string): IDataObject | undefined {
	let parsed: unknown;
	try {
		parsed = JSON.parse(value);
	} catch {
		return undefined;
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
	const entry = parsed as IDataObject;
	// Only the location's own text fields: anything else is not a picked location.
	if (Object.keys(entry).some((key) => !(LOCATION_FIELDS as readonly string[]).includes(key))) {
		return undefined;
	}
	return locationOf(entry);
}
